// Writes dist/page-preloads.json at build time: for every route of src/app/pageRoutes.ts, the page's
// own chunks, their imports, its styles and its Gujarati texts, less what the shell already loads.
// The server names them in the HTML of that page (apps/server/src/platform/page-preloads.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
// Relative, not '@samaj/core': Vite loads its config with workspace packages left external.
import { PAGE_PRELOADS_FILE, type PagePreloadsFile } from '../../../packages/core/src/api/share';
import { PAGE_ROUTES, type PageRoute, pageNamespaces } from '../src/app/pageRoutes';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunk keys a chunk loads statically, itself included. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}

/** Every route with its full path and the page files it shows (a parent and its index child). */
function flatten(routes: PageRoute[], parent = ''): Array<{ path: string; pages: PageRoute[] }> {
  return routes.flatMap((route) => {
    const full = route.path === undefined ? parent || '/' : `${parent}/${route.path}`;
    const index = route.children?.find((child) => child.path === undefined);
    const own = { path: full, pages: index ? [route, index] : [route] };
    const deeper = flatten(route.children?.filter((child) => child.path !== undefined) ?? [], full);
    return [own, ...deeper];
  });
}

export function buildPagePreloads(manifest: Manifest): PagePreloadsFile {
  const shell = closure(manifest, 'index.html');
  const shellStyles = new Set([...shell].flatMap((key) => manifest[key].css ?? []));
  /** The files of `keys` the shell (and `already`) does not load. */
  const files = (keys: Set<string>, already = new Set<string>()) => {
    const own = [...keys].filter((key) => !shell.has(key) && !already.has(key));
    return {
      scripts: own.map((key) => `/${manifest[key].file}`),
      styles: [...new Set(own.flatMap((key) => manifest[key].css ?? []))]
        .filter((css) => !shellStyles.has(css))
        .map((css) => `/${css}`),
    };
  };
  const pages = flatten(PAGE_ROUTES).map(({ path: routePath, pages: shown }) => {
    const keys = new Set<string>();
    const lazyKeys = new Set<string>();
    for (const page of shown) {
      const module = `src/features/${page.feature}/pages/${page.page}.tsx`;
      closure(manifest, module, keys);
      for (const ns of pageNamespaces(page)) closure(manifest, `src/locales/gu/${ns}.json`, keys);
      for (const lazy of manifest[module]?.dynamicImports ?? []) {
        closure(manifest, lazy, page.lazyForEveryone ? keys : lazyKeys);
      }
    }
    return { path: routePath, ...files(keys), member: files(lazyKeys, keys) };
  });
  // The catch-all matches everything: the server must try it last.
  pages.sort((a, b) => Number(a.path === '/*') - Number(b.path === '/*'));
  return { pages };
}

export function pagePreloadsPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'samaj-page-preloads',
    // The client build only: the server render's build (src/entry-server.tsx) has other files.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the files (and Vite's own .vite/manifest.json) are written.
    writeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      writeFileSync(path.join(outDir, PAGE_PRELOADS_FILE), JSON.stringify(buildPagePreloads(manifest)));
    },
  };
}
