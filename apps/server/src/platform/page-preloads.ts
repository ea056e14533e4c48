// The files a page needs beyond the shell, named in the HTML the server sends for that page (the web
// build lists them in dist/page-preloads.json): the browser fetches the page's code, styles and texts
// beside the shell's instead of finding them only after the shell has run, one round trip or more
// later on a mobile network.
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_PRELOADS_FILE, type PageFiles, type PagePreloadsFile } from '@samaj/core';

type Matcher = { pattern: RegExp; tags: string; memberTags: string };

function toPattern(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

function toTags(page: PageFiles): string {
  return [
    ...page.styles.map((href) => `<link rel="preload" as="style" href="${href}" crossorigin>`),
    ...page.scripts.map((href) => `<link rel="modulepreload" href="${href}" crossorigin>`),
  ].join('\n    ');
}

/**
 * The preload tags for a page path (first matching route, as the web app's router decides), or '';
 * for a signed-in member also what the page loads only for members.
 */
export function createPagePreloads(distDir: string): (pathname: string, member: boolean) => string {
  let file: PagePreloadsFile;
  try {
    file = JSON.parse(fs.readFileSync(path.join(distDir, PAGE_PRELOADS_FILE), 'utf8')) as PagePreloadsFile;
  } catch {
    return () => '';
  }
  const matchers: Matcher[] = file.pages.map((page) => ({
    pattern: toPattern(page.path),
    tags: toTags(page),
    memberTags: [toTags(page), toTags(page.member ?? { scripts: [], styles: [] })]
      .filter(Boolean)
      .join('\n    '),
  }));
  return (pathname, member) => {
    const match = matchers.find((m) => m.pattern.test(pathname));
    return (member ? match?.memberTags : match?.tags) ?? '';
  };
}
