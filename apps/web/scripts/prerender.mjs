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
const { render, PAGE_ROUTES, PAGE_PRELOADS_FILE, UNFILLED, PRERENDER_PARAM, prerenderPath, forwardTo } = ssr;

/** `<title>`, `<meta>` and `<link>` other than stylesheets, as React's server renderer writes them. */
const HEAD_TAGS = /<title>[^<]*<\/title>|<meta [^>]*\/>|<link (?![^>]*rel="stylesheet")[^>]*\/>/g;

const preloadsPath = path.join(root, 'dist', PAGE_PRELOADS_FILE);
const preloads = JSON.parse(fs.readFileSync(preloadsPath, 'utf8'));

for (const route of PAGE_ROUTES.filter((r) => r.prerender)) {
  const routePath = `/${route.path ?? ''}`;
  const page = preloads.pages.find((p) => p.path === routePath);
  if (!page) throw new Error(`prerender: ${routePath} is not in ${PAGE_PRELOADS_FILE}`);
  // The head is the server's (the share card, from the same texts): React puts a page's title and
  // meta tags in the head itself once it runs, so here they would only be stray copies in the body.
  const html = (await render(prerenderPath(routePath))).replace(HEAD_TAGS, '');
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
  page.visitorHtml = html;
  console.log(`prerendered ${routePath}: ${html.length} characters`);
}
fs.writeFileSync(preloadsPath, JSON.stringify(preloads));
// The SSR build is only a tool of this step: nothing serves it.
fs.rmSync(path.join(root, 'dist-ssr'), { recursive: true, force: true });
