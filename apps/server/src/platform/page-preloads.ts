// What a page needs beyond the shell, named in the HTML the server sends for that page (the web
// build lists it in dist/page-preloads.json): the page's code, styles and texts, and the API answers
// it asks for first. The browser fetches them beside the shell's files instead of finding them only
// after the shell has run — one round trip or more later on a mobile network.
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_PRELOADS_FILE, type PageFiles, type PagePreloadsFile } from '@samaj/core';

interface Matcher {
  pattern: RegExp;
  files: string;
  memberFiles: string;
  data: string[];
  memberData: string[];
}

const NONE: PageFiles = { scripts: [], styles: [], data: [] };

/** `/surname/:id` → a pattern whose named groups are the route's params. */
function toPattern(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return `(?<${segment.slice(1)}>[^/]+)`;
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

function fileTags(page: PageFiles): string[] {
  return [
    ...page.styles.map((href) => `<link rel="preload" as="style" href="${href}" crossorigin>`),
    ...page.scripts.map((href) => `<link rel="modulepreload" href="${href}" crossorigin>`),
  ];
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * An API path with the page's params filled in as the web app fills them (encodeURIComponent of the
 * decoded value), so the browser hands the preloaded answer to the app's own request; null when a
 * param cannot be decoded (the app will show its own error).
 */
function fill(template: string, params: Record<string, string>): string | null {
  let failed = false;
  const url = template.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name] === undefined ? null : decode(params[name] as string);
    if (value === null) failed = true;
    return encodeURIComponent(value ?? '');
  });
  return failed ? null : url;
}

/** Same-origin `fetch` with credentials, as lib/api.ts sends it: the only way the preload is reused. */
const dataTag = (href: string) =>
  `<link rel="preload" as="fetch" href="${href.replace(/&/g, '&amp;')}" crossorigin="use-credentials">`;

/**
 * The preload tags for a page path (first matching route, as the web app's router decides), or '';
 * for a signed-in member also what the page loads only for members (its lazy parts, its member-only
 * API answers: a visitor asking for those would only get a 401).
 */
export function createPagePreloads(distDir: string): (pathname: string, member: boolean) => string {
  let file: PagePreloadsFile;
  try {
    file = JSON.parse(fs.readFileSync(path.join(distDir, PAGE_PRELOADS_FILE), 'utf8')) as PagePreloadsFile;
  } catch {
    return () => '';
  }
  const matchers: Matcher[] = file.pages.map((page) => {
    const member = page.member ?? NONE;
    return {
      pattern: toPattern(page.path),
      files: fileTags(page).join('\n    '),
      memberFiles: [...fileTags(page), ...fileTags(member)].join('\n    '),
      data: page.data ?? [],
      memberData: [...(page.data ?? []), ...(member.data ?? [])],
    };
  });
  return (pathname, member) => {
    for (const m of matchers) {
      const match = m.pattern.exec(pathname);
      if (!match) continue;
      const params = match.groups ?? {};
      const data = (member ? m.memberData : m.data)
        .map((template) => fill(template, params))
        .filter((url): url is string => url !== null)
        .map(dataTag);
      return [member ? m.memberFiles : m.files, ...data].filter(Boolean).join('\n    ');
    }
    return '';
  };
}
