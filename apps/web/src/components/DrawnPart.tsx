// Where the server draws a member's posts into a page's loading state (core feed-drawing.ts). React
// leaves the element as the server sent it: its inner HTML is empty here and hydrated without being
// compared, so the drawing stays until the app replaces the loading state with its own cards, at the
// same size. While it holds a drawing, the placeholders right after it are hidden (shell CSS
// `.samaj-drawn`); the app's own renders leave it empty, and then it takes no room. Inert: its forms
// and buttons are pictures until then.
import type { MemberDrawnPart } from '@samaj/core';

const EMPTY = { __html: '' };

export function DrawnPart({ part }: { part: MemberDrawnPart }) {
  return (
    <div
      className="samaj-drawn"
      inert
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: always empty: only so React keeps the server's drawing
      dangerouslySetInnerHTML={EMPTY}
      data-drawn={part}
    />
  );
}
