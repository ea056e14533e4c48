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
  PAGE_DRAWINGS,
  fillMarkers,
  text,
} = ssr;

/** `<title>`, `<meta>` and `<link>` other than stylesheets, as React's server renderer writes them. */
const HEAD_TAGS = /<title>[^<]*<\/title>|<meta [^>]*\/>|<link (?![^>]*rel="stylesheet")[^>]*\/>/g;

const preloadsPath = path.join(root, 'dist', PAGE_PRELOADS_FILE);
const preloads = JSON.parse(fs.readFileSync(preloadsPath, 'utf8'));

/**
 * The page at `routePath` drawn for this account (null: a visitor) with these boot data parts, checked
 * for what the server cannot fill.
 */
async function drawn(routePath, account = null, parts = {}) {
  // The head is the server's (the share card, from the same texts): React puts a page's title and
  // meta tags in the head itself once it runs, so here they would only be stray copies in the body.
  const html = (await render(prerenderPath(routePath), PRERENDER_CONFIG, account, parts)).replace(
    HEAD_TAGS,
    '',
  );
  // React's mark of a boundary whose server render failed (the app would draw it instead).
  if (html.includes('<!--$!-->')) throw new Error(`prerender: ${routePath} failed to render a part`);
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

/**
 * A visitor's first screen drawn with the page's answer (core drawings.ts): once per shape, with the
 * markers in place. Each sample answer is also drawn directly, and the drawing of its shape filled as
 * the server fills it must come out exactly the same — else the server would send a page the app
 * does not draw (and the build stops).
 */
async function dataScreens(routePath, part) {
  const drawing = PAGE_DRAWINGS[part];
  const shapes = {};
  for (const shape of drawing.shapes)
    shapes[shape] = await drawn(routePath, null, { [part]: drawing.marked(shape) });
  const texts = Object.fromEntries(Object.entries(drawing.texts).map(([name, key]) => [name, text(key)]));
  for (const [shape, html] of Object.entries(shapes)) {
    const marked = drawing.fills(drawing.marked(shape), texts).filter(([marker]) => html.includes(marker));
    if (marked.length === 0)
      throw new Error(`prerender: ${routePath} drawn as ${shape} shows none of ${part}`);
  }
  for (const sample of drawing.samples) {
    const direct = await drawn(routePath, null, { [part]: sample });
    const filled = fillMarkers(shapes[drawing.shape(sample)], drawing.fills(sample, texts));
    if (filled !== direct) {
      const at = [...direct].findIndex((c, i) => c !== filled[i]);
      throw new Error(
        `prerender: ${routePath} drawn with ${part} differs from the app's own drawing of a sample:\n` +
          `  app:    …${direct.slice(Math.max(0, at - 80), at + 80)}\n  filled: …${filled.slice(Math.max(0, at - 80), at + 80)}`,
      );
    }
  }
  return { part, shapes, texts };
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
  if (route.drawnWith) {
    page.dataHtml = await dataScreens(routePath, route.drawnWith);
    const sizes = Object.values(page.dataHtml.shapes).map((html) => html.length);
    console.log(
      `prerendered ${routePath} with ${route.drawnWith}: ${sizes.length} shapes, ${Math.min(...sizes)}–${Math.max(...sizes)} characters`,
    );
  }
}
fs.writeFileSync(preloadsPath, JSON.stringify(preloads));
// The SSR build is only a tool of this step: nothing serves it.
fs.rmSync(path.join(root, 'dist-ssr'), { recursive: true, force: true });
