// Free text as the server keeps it. The schemas build on it (schemas/common.ts `requiredText`), and a
// form that judges its text on every keystroke uses it directly: the member feed's new-post box
// would otherwise load zod (~28 KB gzip) with the feed, before the first post can be drawn.

/**
 * Control characters other than tab, line feed and carriage return (C0, DEL, C1). Nothing a member
 * types makes them; pasted text can carry them, and a browser draws them as empty boxes. NUL never
 * reaches a schema (the server refuses it before validation: PostgreSQL cannot store it). The joiners
 * Gujarati spelling uses (U+200C, U+200D) are format characters, not controls, and stay.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '');
}

/** A free text as it is kept: control characters dropped, then trimmed. */
export function keptText(text: string): string {
  return withoutControlCharacters(text).trim();
}

/**
 * A text's length as the server's limits count it (zod's `max` counts code points: an emoji is one,
 * 'માં' three), of the text as it is kept. Counters ('n / 1000') show this, so they agree with the API.
 */
export function keptLength(text: string): number {
  const kept = keptText(text);
  let length = 0;
  for (const _ of kept) length++;
  return length;
}

/** Whether `requiredText(max)` takes this text: something left once kept, and at most `max` of it. */
export function fitsRequiredText(text: string, max: number): boolean {
  const length = keptLength(text);
  return length > 0 && length <= max;
}

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
