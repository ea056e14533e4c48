// Pages drawn at build time *with* their data: the build renders the page for an answer whose texts
// are markers, once per shape the answer can give the page (which sections show), and the server
// writes the real answer's texts where the markers are. So a shared link to a surname paints the
// surname itself with the HTML, without rendering React in the server (its memory budget), and the
// app hydrates the same page from the same answer (boot data). The build proves each shape against
// React's own render of sample answers (apps/web scripts/prerender.mjs), so the two cannot drift.
import type { BootData } from './api/boot.ts';
import type { SurnameView } from './api/surnames.ts';
import { formatCount } from './format.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/** Safe in text and in a double- or single-quoted attribute; the entities React's server renderer writes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}

/** What the server writes for each marker, as HTML. */
export type Fills = ReadonlyArray<readonly [marker: string, html: string]>;

/**
 * Every marker replaced in one pass, so a value the server writes is never read again as a marker
 * (a member's text holding one stays as written).
 */
export function fillMarkers(drawing: string, fills: Fills): string {
  if (fills.length === 0) return drawing;
  const byMarker = new Map(fills);
  const pattern = new RegExp(
    fills.map(([marker]) => marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
    'g',
  );
  return drawing.replace(pattern, (marker) => byMarker.get(marker) as string);
}

/** The boot data parts a page can be drawn with. */
export type DrawnPart = 'surnamePage';

/** How a page is drawn with one boot data part (see the file's comment). */
export interface PageDrawing<A> {
  /** Every shape, each drawn once. */
  shapes: readonly string[];
  /** Which drawing fits this answer. */
  shape(answer: A): string;
  /** The answer a shape is drawn with: a marker in each text the server fills in. */
  marked(shape: string): A;
  /** The real answer's HTML for each marker; `texts` are the build's (see `texts`). */
  fills(answer: A, texts: Readonly<Record<string, string>>): Fills;
  /** Texts the server writes in place of a missing value: i18next keys, resolved by the build. */
  texts: Readonly<Record<string, string>>;
  /** Answers the build also renders directly, which the filled drawing must match exactly. */
  samples: readonly A[];
}

/** dist/page-preloads.json's record of a page drawn with its data (see PagePreloadsFile). */
export interface DataDrawings {
  part: DrawnPart;
  /** The drawing of each shape, markers in place. */
  shapes: Record<string, string>;
  /** `PageDrawing.texts` in the default language. */
  texts: Record<string, string>;
}

// ---- /surname/:id -------------------------------------------------------------------------------

/** SPEC §2's "Update From" section and the list's hint: a detail a member may still add. */
export function isMissingDetails(s: Pick<SurnameView, 'description' | 'gam' | 'kuldevta'>): boolean {
  return !s.description.trim() || !s.gam.trim() || !s.kuldevta.trim();
}

const SURNAME_TEXTS = ['name', 'name_guj', 'pronounce', 'gotra', 'gam', 'kuldevta', 'description'] as const;
type SurnameText = (typeof SURNAME_TEXTS)[number];
const marker = (field: SurnameText) => `\uE000surname-${field}\uE000`;
/**
 * The "Update From" drawing must show markers where a detail is still missing, so these markers are
 * blank to `trim()` (Unicode spaces, which React writes as they are) and isMissingDetails holds.
 */
const BLANK_MARKERS: Partial<Record<SurnameText, string>> = {
  description: '\u2002\u2003\u2002',
  gam: '\u2002\u2004\u2002',
  kuldevta: '\u2002\u2005\u2002',
};
/** Drawn as this member count, written by formatCount as `876.5m`, which the server replaces. */
const MARKED_COUNT = 876_543_210;
/** The facts shown as "unknown" when empty. */
const FACTS = new Set<SurnameText>(['pronounce', 'gotra', 'gam', 'kuldevta']);

type SurnamePage = NonNullable<BootData['surnamePage']>;

function surnameShape(view: SurnameView): string {
  // SurnameDetail: the count's wording (singular up to 1, with the number), the description or
  // "no history", and the "Update From" section.
  const count = view.user_count > 1 ? 'n' : String(Math.max(0, view.user_count));
  const details = !view.description ? 'none' : isMissingDetails(view) ? 'partial' : 'full';
  return `${count}/${details}`;
}

const sample = (changes: Partial<SurnameView>): SurnamePage => ({
  id: 'prerendered',
  view: {
    id: 'Patel',
    name: 'Patel',
    name_guj: 'પટેલ',
    gotra: 'કશ્યપ',
    pronounce: 'Paṭel',
    gam: 'ઉંઝા',
    kuldevta: 'ઉમિયા માતા',
    description: '<p>History with <b>bold</b>, a <a href="https://example.org/a?b=1&amp;c=2">link</a>.</p>',
    user_count: 2,
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...changes,
  },
});

export const surnamePageDrawing: PageDrawing<SurnamePage> = {
  shapes: ['0', '1', 'n'].flatMap((count) => ['none', 'partial', 'full'].map((d) => `${count}/${d}`)),
  shape: (answer) => surnameShape(answer.view),
  marked(shape) {
    const [count, details] = shape.split('/');
    const texts = Object.fromEntries(SURNAME_TEXTS.map((field) => [field, marker(field)]));
    return {
      id: 'prerendered',
      view: {
        ...(texts as Record<SurnameText, string>),
        id: 'prerendered',
        ...(details === 'partial' ? BLANK_MARKERS : {}),
        description:
          details === 'none'
            ? ''
            : details === 'partial'
              ? (BLANK_MARKERS.description as string)
              : marker('description'),
        user_count: count === 'n' ? MARKED_COUNT : Number(count),
        updatedAt: '2000-01-01T00:00:00.000Z',
      },
    };
  },
  fills({ view }, texts) {
    const fills: Array<[string, string]> = SURNAME_TEXTS.flatMap((field) => {
      const value = view[field];
      // The description is sanitized HTML (the server's allowlist), shown as HTML.
      const html =
        field === 'description'
          ? value
          : escapeHtml(FACTS.has(field) && !value ? (texts.unknown ?? '') : value);
      const blank = BLANK_MARKERS[field];
      return blank
        ? [[marker(field), html] as const, [blank, html] as const]
        : [[marker(field), html] as const];
    });
    fills.push([formatCount(MARKED_COUNT), escapeHtml(formatCount(view.user_count))]);
    return fills;
  },
  texts: { unknown: 'surnames:detail.unknown' },
  samples: [
    sample({}),
    sample({
      name: `O'Neil <b>&"$&`,
      name_guj: "<i>ઓ</i> $` $'",
      pronounce: '',
      gotra: '',
      kuldevta: `\uE000surname-name\uE000`,
      user_count: 1500,
    }),
    sample({ description: '', gam: '', user_count: 0 }),
    sample({ description: '  ', user_count: 1 }),
    sample({ kuldevta: '', user_count: 12 }),
  ],
};

/** Each boot data part a page is drawn with, and how (server and build read the same rules). */
export const PAGE_DRAWINGS: { [P in DrawnPart]: PageDrawing<NonNullable<BootData[P]>> } = {
  surnamePage: surnamePageDrawing,
};
