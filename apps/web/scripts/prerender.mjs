// After `vite build` and the SSR build of src/prerender.tsx (dist-ssr/): renders each route marked
// `prerender` in pageRoutes.ts as a visitor first sees it and adds the HTML to dist/page-preloads.json,
// where the server finds it (apps/server platform/page-preloads.ts) and fills in the community's name.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's production build, as the browser runs it (the SSR bundle imports react-dom from node_modules).
process.env.NODE_ENV = 'production';
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ssr = await import(pathToFileURL(path.join(root, 'dist-ssr/prerender.js')).href);
const {
  render,
  prerenderMember,
  PAGE_ROUTES,
  PAGE_PRELOADS_FILE,
  UNFILLED,
  PRERENDER_PARAM,
  PRERENDER_TEXTS,
  LABELS,
  memberScreenKey,
  prerenderPath,
  forwardTo,
  PRERENDER_CONFIG,
} = ssr;

/** `<title>`, `<meta>` and `<link>` other than stylesheets, as React's server renderer writes them. */
const HEAD_TAGS = /<title>[^<]*<\/title>|<meta [^>]*\/>|<link (?![^>]*rel="stylesheet")[^>]*\/>/g;

const preloadsPath = path.join(root, 'dist', PAGE_PRELOADS_FILE);
const preloads = JSON.parse(fs.readFileSync(preloadsPath, 'utf8'));

/** The page at `routePath` drawn for this account (null: a visitor), checked for what the server cannot fill. */
async function drawn(routePath, account = null) {
  // The head is the server's (the share card, from the same texts): React puts a page's title and
  // meta tags in the head itself once it runs, so here they would only be stray copies in the body.
  const html = (await render(prerenderPath(routePath), PRERENDER_CONFIG, account)).replace(HEAD_TAGS, '');
  if (html.includes(UNFILLED))
    throw new Error(`prerender: ${routePath} shows a config text the server cannot fill`);
  // The server writes the asked path only into links back to the page; a param anywhere else would
  // show every visitor the same wrong value.
  if (
    html
      .split(forwardTo(prerenderPath(routePath)))
      .join('')
      .includes(PRERENDER_PARAM)
  )
    throw new Error(`prerender: ${routePath} shows a param outside a link back to it`);
  // The server fills the username in only as the app writes it in links.
  if (html.includes(PRERENDER_TEXTS.memberId))
    throw new Error(`prerender: ${routePath} shows the member's username outside a link`);
  return html;
}

/**
 * A member's first screen, once for each combination of the labels that change it. Each drawing is
 * made for two members who differ in everything but name, username and labels, and must come out
 * the same: the server fills in only those, so the page the app hydrates is the page it would draw.
 */
async function memberScreens(routePath) {
  const draw = async (labels) => {
    const [html, other] = await Promise.all([0, 1].map((v) => drawn(routePath, prerenderMember(labels, v))));
    if (html !== other)
      throw new Error(`prerender: ${routePath} for a member depends on more than name, username and labels`);
    return html;
  };
  const plain = await draw([]);
  const labels = [];
  for (const label of LABELS) if ((await draw([label])) !== plain) labels.push(label);
  if (labels.length > 2)
    throw new Error(`prerender: ${routePath} differs for ${labels.join(', ')}: too many drawings`);
  const screens = {};
  for (let mask = 0; mask < 1 << labels.length; mask++) {
    const held = labels.filter((_label, i) => mask & (1 << i));
    screens[memberScreenKey({ labels }, held)] = mask === 0 ? plain : await draw(held);
  }
  return { labels, screens };
}

for (const route of PAGE_ROUTES.filter((r) => r.prerender || r.memberPrerender)) {
  const routePath = `/${route.path ?? ''}`;
  const page = preloads.pages.find((p) => p.path === routePath);
  if (!page) throw new Error(`prerender: ${routePath} is not in ${PAGE_PRELOADS_FILE}`);
  if (route.prerender) {
    page.visitorHtml = await drawn(routePath);
    console.log(`prerendered ${routePath}: ${page.visitorHtml.length} characters`);
  }
  if (route.memberPrerender) {
    page.memberHtml = await memberScreens(routePath);
    const sizes = Object.entries(page.memberHtml.screens).map(
      ([key, html]) => `${key || 'member'} ${html.length}`,
    );
    console.log(`prerendered ${routePath} for members: ${sizes.join(', ')} characters`);
  }
}
fs.writeFileSync(preloadsPath, JSON.stringify(preloads));
// The SSR build is only a tool of this step: nothing serves it.
fs.rmSync(path.join(root, 'dist-ssr'), { recursive: true, force: true });
