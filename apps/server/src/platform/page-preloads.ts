// What a page needs beyond the shell, named in the HTML the server renders for that page (the web
// build lists it in dist/page-preloads.json): the page's code, styles and texts. Its content is in
// the HTML (platform/ssr.ts), so its styles are stylesheets, applied with the first paint, and its
// scripts start after it (platform/app-start.ts).
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_PRELOADS_FILE, type PageFiles, type PagePreloadsFile } from '@samaj/core';

interface Matcher {
  pattern: RegExp;
  /** The page's stylesheets; with what it loads only for a signed-in member. */
  styles: string;
  memberStyles: string;
  scripts: string[];
  memberScripts: string[];
}

/** `/surname/:id` → a pattern for the paths the route matches. */
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

const stylesheetTags = (page: PageFiles) =>
  page.styles.map((href) => `<link rel="stylesheet" href="${href}" crossorigin>`);

export interface PageExtras {
  /** The page's stylesheet tags, for the document's head. */
  tags: string;
  /** The page's scripts, for the starter to add after the first paint (app-start.ts). */
  modules: string[];
}

const NOTHING: PageExtras = { tags: '', modules: [] };

/**
 * What the build knows of a page path (first matching route, as the web app's router decides); for
 * a signed-in member also what the page loads only for members (its lazy parts).
 */
export function createPagePreloads(distDir: string): (pathname: string, member: boolean) => PageExtras {
  let file: PagePreloadsFile;
  try {
    file = JSON.parse(fs.readFileSync(path.join(distDir, PAGE_PRELOADS_FILE), 'utf8')) as PagePreloadsFile;
  } catch {
    return () => NOTHING;
  }
  const matchers: Matcher[] = file.pages.map((page) => ({
    pattern: toPattern(page.path),
    styles: stylesheetTags(page).join('\n    '),
    memberStyles: [...stylesheetTags(page), ...stylesheetTags(page.member)].join('\n    '),
    scripts: page.scripts,
    memberScripts: [...page.scripts, ...page.member.scripts],
  }));
  return (pathname, member) => {
    const m = matchers.find((candidate) => candidate.pattern.test(pathname));
    if (!m) return NOTHING;
    return member
      ? { tags: m.memberStyles, modules: m.memberScripts }
      : { tags: m.styles, modules: m.scripts };
  };
}
