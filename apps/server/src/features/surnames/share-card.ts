// What a shared link to a surname shows (its page's head tags, platform/share-card.ts): the plain
// text of its published description; the page adds its Gujarati name. Surnames are public.
import { SHARE_TEXT_MAX, truncateGraphemes } from '@samaj/core';
import { eq } from 'drizzle-orm';
import sanitize from 'sanitize-html';
import { surname } from '../../db/schema/index.ts';
import type { ShareCardResolver } from '../../platform/registry.ts';

const TEXT_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** The stored (sanitized) HTML as one line of plain text. */
function plainText(html: string): string {
  const text = sanitize(html.replace(/<\/(p|li)>|<br\s*\/?>/gi, ' '), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => TEXT_ENTITIES[e] as string)
    .replace(/\s+/g, ' ')
    .trim();
}

export const surnameShareCard: ShareCardResolver = async (db, id) => {
  const [row] = await db
    .select({ id: surname.id, description: surname.description })
    .from(surname)
    .where(eq(surname.id, id))
    .limit(1);
  if (!row) return null;
  return {
    name: row.id,
    text: truncateGraphemes(plainText(row.description), SHARE_TEXT_MAX),
    image: null,
  };
};
