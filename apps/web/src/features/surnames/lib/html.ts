import { SURNAME_HTML_ATTRIBUTES, SURNAME_HTML_TAGS } from '@samaj/core';
import DOMPurify from 'dompurify';

const ALLOWED_ATTR = [...new Set(Object.values(SURNAME_HTML_ATTRIBUTES).flat())];

/**
 * The second wall (the server sanitized on write): the same allowlist as the server, links to
 * http(s) only, so HTML that reached the database some other way still renders inert.
 */
export function purifySurnameHtml(html: string): string {
  // The server's render has no DOM: it writes the description as the server sanitized it on write
  // (the first wall, same allowlist); the browser keeps that HTML as it hydrates.
  if (typeof window === 'undefined') return html;
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...SURNAME_HTML_TAGS],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^https?:\/\//i,
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The visible text of a description (for the card preview), the same on the server's render (which
 * has no DOM) and in the browser: tags dropped, entities decoded. The description is the allowlisted
 * HTML the server sanitized on write, and the result is only ever text.
 */
export function htmlToText(html: string): string {
  if (!html) return '';
  // Block ends and line breaks become spaces, so paragraphs do not run into each other.
  const spaced = purifySurnameHtml(html).replace(/<\/(p|li)>|<br\s*\/?>/gi, '$& ');
  return decodeEntities(spaced.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A member types plain text; it is stored as HTML (docs/product/surnames.md, "A surname"), so blank lines
 * become paragraphs and single line breaks stay line breaks. Anything that looks like markup is shown, never
 * run.
 */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
