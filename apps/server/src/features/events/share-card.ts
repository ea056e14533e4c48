// What a shared link to an event shows (its page's head tags, platform/share-card.ts): its name, description, date and
// place, and its cover (the event's `file` is the cover image for share previews:
// docs/product/events.md, "An event").
import { DEFAULT_PICTURE_ID, formatEventStart, previewUrl, truncateGraphemes } from '@samaj/core';
import { eq } from 'drizzle-orm';
import { event } from '../../db/schema/index.ts';
import type { ShareCardResolver } from '../../platform/registry.ts';

const DESCRIPTION_MAX = 200;

/** The card in the community's time zone (COMMUNITY_TIME_ZONE), as the event's page shows its start. */
export const eventShareCard =
  (timeZone: string): ShareCardResolver =>
  async (db, id) => {
    const [row] = await db
      .select({
        name: event.name,
        description: event.description,
        time: event.time,
        location: event.location,
        file: event.file,
        thumbnail: event.thumbnail,
      })
      .from(event)
      .where(eq(event.id, id))
      .limit(1);
    if (!row) return null;
    const when = [formatEventStart(row.time, timeZone), row.location].filter(Boolean).join(' · ');
    const picture = [row.file, row.thumbnail].find((f) => f && f !== DEFAULT_PICTURE_ID);
    return {
      name: row.name,
      text: truncateGraphemes([when, row.description].filter(Boolean).join(' — '), DESCRIPTION_MAX),
      image: picture ? previewUrl(picture, 490) : null,
    };
  };
