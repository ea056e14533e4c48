// What a shared link to a surname shows (platform/share-card.ts): its Gujarati name and the
// plain text of its published description, else the page's own description. Surnames are public.
import { truncateGraphemes } from '@samaj/core';
import { eq } from 'drizzle-orm';
import sanitize from 'sanitize-html';
import { surname } from '../../db/schema/index.ts';
import type { ShareCardResolver } from '../../platform/registry.ts';
import { fill } from '../../platform/share-card.ts';

const DESCRIPTION_MAX = 160;
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

export const surnameShareCard: ShareCardResolver = async (db, id, texts) => {
  const [row] = await db
    .select({ id: surname.id, nameGuj: surname.name_guj, description: surname.description })
    .from(surname)
    .where(eq(surname.id, id))
    .limit(1);
  if (!row) return null;
  const about = plainText(row.description) || fill(texts.itemDescription ?? '', { id: row.id });
  return {
    title: fill(texts.itemTitle ?? '{{id}}', { id: row.id }),
    description: truncateGraphemes([row.nameGuj, about].filter(Boolean).join(': '), DESCRIPTION_MAX),
  };
};
