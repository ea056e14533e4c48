// What a page needs beyond the shell, named in the HTML the server sends for that page (the web
// build lists it in dist/page-preloads.json): the page's code, styles and texts, and the API answers
// it asks for first. The browser fetches them beside the shell's files instead of finding them only
// after the shell has run — one round trip or more later on a mobile network.
import fs from 'node:fs';
import path from 'node:path';
import {
  type BootData,
  type DataDrawings,
  type FeedPieces,
  fillMarkers,
  MEMBER_DRAWINGS,
  type MemberDrawnPart,
  memberScreenKey,
  PAGE_DRAWINGS,
  PAGE_PRELOADS_FILE,
  type PageDrawing,
  type PageFiles,
  type PagePreloadsFile,
  prerenderFits,
} from '@samaj/core';
import { decodedOrNull } from './api-path.ts';

interface Matcher {
  route: string;
  /** Rendered on the server by React (platform/ssr.ts) rather than drawn. */
  ssr: boolean;
  pattern: RegExp;
  visitorHtml: string | null;
  memberHtml: { labels: string[]; screens: Drawings; drawnWith: MemberDrawnPart | null } | null;
  dataHtml: { part: DataDrawings['part']; texts: DataDrawings['texts']; shapes: Drawings } | null;
  /** The page's styles applied, for the prerendered first screen (its scripts go to the starter). */
  visitorFiles: string;
  /** Likewise with what the page loads for a member. */
  drawnMemberFiles: string;
  scripts: string[];
  memberScripts: string[];
  files: string;
  memberFiles: string;
  data: string[];
  memberData: string[];
}

const NONE: PageFiles = { scripts: [], styles: [], data: [] };

/** A copy of `text` of its own: V8 may keep a slice's whole source string alive. */
const own = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

/**
 * One page's drawings (a member's for each set of labels, or one for each shape of answer) differ
 * only inside the page: the shell around them — navigation, inline styles, ~16 KB — is kept once,
 * within the server's memory budget, and put around the drawing asked for.
 */
class Drawings {
  private readonly head: string;
  private readonly tail: string;
  private readonly inner = new Map<string, string>();

  constructor(drawings: Record<string, string>) {
    const all = Object.values(drawings);
    const first = all[0] ?? '';
    const shortest = Math.min(...all.map((html) => html.length));
    let head = 0;
    while (head < shortest && all.every((html) => html[head] === first[head])) head++;
    let tail = 0;
    while (tail < shortest - head && all.every((html) => html.at(-1 - tail) === first.at(-1 - tail))) tail++;
    this.head = own(first.slice(0, head));
    this.tail = own(first.slice(first.length - tail));
    for (const [key, html] of Object.entries(drawings))
      this.inner.set(key, own(html.slice(head, html.length - tail)));
  }

  get(key: string): string | null {
    const inner = this.inner.get(key);
    return inner === undefined ? null : this.head + inner + this.tail;
  }
}

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

/** A prerendered first screen is drawn with the page's styles, so they are stylesheets. */
const stylesheetTags = (page: PageFiles) =>
  page.styles.map((href) => `<link rel="stylesheet" href="${href}" crossorigin>`);

/**
 * An API path with the page's params filled in as the web app fills them (encodeURIComponent of the
 * decoded value), so the browser hands the preloaded answer to the app's own request; null when a
 * param cannot be decoded (the app will show its own error).
 */
function fill(template: string, params: Record<string, string>): string | null {
  let failed = false;
  const url = template.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name] === undefined ? null : decodedOrNull(params[name] as string);
    if (value === null) failed = true;
    return encodeURIComponent(value ?? '');
  });
  return failed ? null : url;
}

/** Same-origin `fetch` with credentials, as lib/api.ts sends it: the only way the preload is reused. */
const dataTag = (href: string) =>
  `<link rel="preload" as="fetch" href="${href.replace(/&/g, '&amp;')}" crossorigin="use-credentials">`;

export interface PageExtras {
  /** The preload tags for the page's head. */
  tags: string;
  /**
   * The first screen this viewer sees, prerendered at build time (texts still as PRERENDER_TEXTS):
   * a visitor's, or a signed-in member's in the drawing that fits their labels.
   */
  html: string | null;
  /** With `html`: the page's scripts, for the starter to fetch after the first paint (app-start.ts). */
  modules: string[];
  /** With `html`: the route it was drawn for (`/post/:id`), so the asked path can go into it. */
  route: string;
  /**
   * With `html`: writes the page's answer into it (a page drawn with its data, core drawings.ts) —
   * last, once the server's own texts are in, so nothing the answer holds is read as a marker.
   */
  fillAnswer: (html: string) => string;
  /** The page is rendered on the server by React (platform/ssr.ts): `tags` apply its styles, `modules` start it. */
  ssr: boolean;
}

const asDrawn = (html: string) => html;
const NOTHING: PageExtras = { tags: '', html: null, modules: [], route: '', fillAnswer: asDrawn, ssr: false };

/** The drawing of `drawings` that fits the answer in this boot data, and how to fill it; null without one. */
function drawnWithAnswer(
  drawings: NonNullable<Matcher['dataHtml']>,
  boot: BootData,
): { html: string; fillAnswer: (html: string) => string } | null {
  const answer = boot[drawings.part];
  if (!answer) return null;
  const drawing = PAGE_DRAWINGS[drawings.part] as PageDrawing<typeof answer>;
  const html = drawings.shapes.get(drawing.shape(answer));
  if (html === null) return null;
  return { html, fillAnswer: (filled) => fillMarkers(filled, drawing.fills(answer, drawings.texts)) };
}

/**
 * A member's screen drawn further from its boot data part (core feed-drawing.ts), written into the
 * screen's element for it (`DrawnPart`); null without the answer or a drawing that fits it.
 */
function drawnForMember(
  part: MemberDrawnPart,
  pieces: FeedPieces | undefined,
  boot: BootData,
): ((html: string) => string) | null {
  const drawn = pieces ? MEMBER_DRAWINGS[part].draw(boot, pieces, new Date()) : null;
  if (drawn === null) return null;
  const slot = `data-drawn="${part}"></div>`;
  return (html) => html.replace(slot, () => `data-drawn="${part}">${drawn}</div>`);
}

/**
 * What the build knows of a page path (first matching route, as the web app's router decides): the
 * preload tags — for a signed-in member also what the page loads only for members (its lazy parts,
 * its member-only API answers: a visitor asking for those would only get a 401) — and, for the bare
 * path (a query such as `?forward=` may change what the page shows) and no data that changes it
 * (`drawnByApp`, see core's FIRST_SCREEN_BOOT_DATA), the prerendered first screen for a visitor or for
 * a member with these labels, whose styles are then stylesheets rather than preloads. A visitor's page
 * drawn with its data (`dataHtml`) is sent so when the boot data holds its answer.
 */
export function createPagePreloads(
  distDir: string,
): (pathname: string, viewer: { query: boolean; boot?: BootData }) => PageExtras {
  let file: PagePreloadsFile;
  try {
    file = JSON.parse(fs.readFileSync(path.join(distDir, PAGE_PRELOADS_FILE), 'utf8')) as PagePreloadsFile;
  } catch {
    return () => NOTHING;
  }
  const matchers: Matcher[] = file.pages.map((page) => {
    const member = page.member ?? NONE;
    return {
      route: page.path,
      ssr: page.ssr === true,
      pattern: toPattern(page.path),
      visitorHtml: page.visitorHtml ?? null,
      memberHtml: page.memberHtml
        ? {
            labels: page.memberHtml.labels,
            screens: new Drawings(page.memberHtml.screens),
            drawnWith: page.memberHtml.drawnWith ?? null,
          }
        : null,
      dataHtml: page.dataHtml
        ? { part: page.dataHtml.part, texts: page.dataHtml.texts, shapes: new Drawings(page.dataHtml.shapes) }
        : null,
      visitorFiles: stylesheetTags(page).join('\n    '),
      drawnMemberFiles: [...stylesheetTags(page), ...stylesheetTags(member)].join('\n    '),
      scripts: page.scripts,
      memberScripts: [...page.scripts, ...member.scripts],
      files: fileTags(page).join('\n    '),
      memberFiles: [...fileTags(page), ...fileTags(member)].join('\n    '),
      data: page.data ?? [],
      memberData: [...(page.data ?? []), ...(member.data ?? [])],
    };
  });
  return (pathname, { query, boot }) => {
    const account = boot?.account;
    const member = Boolean(account);
    const labels = account?.labels ?? [];
    for (const m of matchers) {
      const match = m.pattern.exec(pathname);
      if (!match) continue;
      const params = match.groups ?? {};
      // Its content is in the HTML, rendered with its data: its styles apply at once, its code starts
      // after the first paint, and there is no answer left to preload.
      if (m.ssr) {
        return {
          tags: member ? m.drawnMemberFiles : m.visitorFiles,
          html: null,
          modules: member ? m.memberScripts : m.scripts,
          route: m.route,
          fillAnswer: asDrawn,
          ssr: true,
        };
      }
      // A member's page drawn further with its answers in the boot data (core feed-drawing.ts).
      const memberPart = member && boot ? (m.memberHtml?.drawnWith ?? null) : null;
      // The page's answers already in the boot data: the app starts from them and asks for nothing.
      const answered =
        (m.dataHtml !== null && Boolean(boot?.[m.dataHtml.part])) ||
        (memberPart !== null && MEMBER_DRAWINGS[memberPart].parts.every((part) => boot?.[part]));
      const data = (answered ? [] : member ? m.memberData : m.data)
        .map((template) => fill(template, params))
        .filter((url): url is string => url !== null)
        .map(dataTag);
      // Only with boot data (the app must hydrate the drawing with the same answers), for the bare
      // path (a query may change the page), and not for a member without a name: the navigation
      // shows them as 'profile', which no drawing has.
      const withAnswer = boot && !member && m.dataHtml ? drawnWithAnswer(m.dataHtml, boot) : null;
      const drawn =
        boot !== undefined &&
        !query &&
        account !== undefined &&
        account?.name !== '' &&
        prerenderFits(boot, withAnswer ? m.dataHtml?.part : undefined);
      const html = !drawn
        ? null
        : withAnswer
          ? withAnswer.html
          : member
            ? (m.memberHtml?.screens.get(memberScreenKey(m.memberHtml, labels)) ?? null)
            : m.visitorHtml;
      const drawnPart = html && memberPart && boot ? drawnForMember(memberPart, file.feedPieces, boot) : null;
      const files = member ? (html ? m.drawnMemberFiles : m.memberFiles) : html ? m.visitorFiles : m.files;
      const modules = html ? (member ? m.memberScripts : m.scripts) : [];
      return {
        tags: [files, ...data].filter(Boolean).join('\n    '),
        html,
        modules,
        route: m.route,
        fillAnswer: html && withAnswer ? withAnswer.fillAnswer : (drawnPart ?? asDrawn),
        ssr: false,
      };
    }
    return NOTHING;
  };
}
