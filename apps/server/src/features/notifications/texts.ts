// What a notification says, in the subscription's language (Gujarati first), and which screen a
// click opens. Written when it is sent, from the ids in the message: a name changed meanwhile shows
// as it is now, and something deleted meanwhile sends nothing.
import { type NotificationLanguage, type PushPayload, truncateGraphemes } from '@samaj/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { event, surname, user } from '../../db/schema/index.ts';
import type { NotificationMessage } from '../../platform/jobs/map.ts';

/** Push services take about 4 KB of encrypted payload; names are cut well before that. */
export const PAYLOAD_MAX_BYTES = 3072;
const NAME_MAX = 80;

type Words = { title: string; body: string };
type Texts = Record<NotificationLanguage, (name: string) => Words>;

const EVENT_LIVE: Texts = {
  gu: (name) => ({ title: `${name} હવે લાઇવ છે`, body: 'કાર્યક્રમ જોવા માટે ટેપ કરો.' }),
  en: (name) => ({ title: `${name} is live now`, body: 'Tap to watch the event.' }),
};
const EVENT_REMINDER: Texts = {
  gu: (name) => ({ title: `${name} એક કલાકમાં શરૂ થશે`, body: 'તમે આવવાનું કહ્યું છે. વિગતો જોવા માટે ટેપ કરો.' }),
  en: (name) => ({
    title: `${name} starts in an hour`,
    body: 'You said you’ll attend. Tap to see the details.',
  }),
};
const POST_APPROVED: Texts = {
  gu: () => ({ title: 'તમારી પોસ્ટ મંજૂર થઈ', body: 'હવે બધા તેને પોસ્ટમાં જોઈ શકે છે.' }),
  en: () => ({ title: 'Your post was approved', body: 'Everyone can see it in Posts now.' }),
};
const POST_REJECTED: Texts = {
  gu: () => ({ title: 'તમારી પોસ્ટ મંજૂર થઈ નથી', body: 'વિગતો જોવા માટે ટેપ કરો.' }),
  en: () => ({ title: 'Your post was not approved', body: 'Tap to see the details.' }),
};
const SURNAME_APPLIED: Texts = {
  gu: (name) => ({ title: `${name} અટક માટે તમારી માહિતી ઉમેરાઈ`, body: 'અટકની માહિતીમાં મદદ કરવા બદલ આભાર.' }),
  en: (name) => ({
    title: `Your details for ${name} were added`,
    body: 'Thank you for helping with the surname list.',
  }),
};
const PUBLISHER_APPROVED: Texts = {
  gu: () => ({ title: 'તમે હવે પ્રકાશક છો', body: 'તમારી પોસ્ટ હવે તરત જ બધાને દેખાશે.' }),
  en: () => ({ title: 'You are now a publisher', body: 'Your posts now appear to everyone right away.' }),
};
const PUBLISHER_REJECTED: Texts = {
  gu: () => ({ title: 'તમારી પ્રકાશક અરજી મંજૂર થઈ નથી', body: 'તમારી અરજી જોવા માટે ટેપ કરો.' }),
  en: () => ({ title: 'Your publisher application was not approved', body: 'Tap to see your application.' }),
};
const MATRIMONY_MATCH: Texts = {
  gu: (name) => ({ title: `નવો મેળ: ${name}`, body: 'તમે બંનેએ એકબીજાને શોર્ટલિસ્ટ કર્યા છે.' }),
  en: (name) => ({ title: `New match: ${name}`, body: 'You shortlisted each other.' }),
};
const MATRIMONY_REQUEST_RECEIVED: Texts = {
  gu: (name) => ({ title: `${name} તમારી પૂરી પ્રોફાઇલ જોવા માંગે છે`, body: 'વિનંતીનો જવાબ આપવા માટે ટેપ કરો.' }),
  en: (name) => ({ title: `${name} asked to see your full profile`, body: 'Tap to answer the request.' }),
};
const MATRIMONY_REQUEST_DECLINED: Texts = {
  gu: (name) => ({ title: `${name} એ તમારી વિનંતી અસ્વીકારી`, body: 'મેટ્રિમોનીમાં બીજી પ્રોફાઇલ જુઓ.' }),
  en: (name) => ({ title: `${name} declined your request`, body: 'See other profiles in matrimony.' }),
};

const MATRIMONY_REQUEST_ACCEPTED: Texts = {
  gu: (name) => ({ title: `${name} એ તમારી વિનંતી સ્વીકારી`, body: 'હવે તમે તેમની પૂરી પ્રોફાઇલ જોઈ શકો છો.' }),
  en: (name) => ({ title: `${name} accepted your request`, body: 'You can now see their full profile.' }),
};

/** A message made ready for every language: what the sender needs per subscription. */
export type Rendered = Record<NotificationLanguage, PushPayload>;

async function one<T>(rows: Promise<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

/** The name in the message's words, or null when what it names is gone. */
async function nameFor(
  db: Executor,
  message: NotificationMessage,
): Promise<Record<NotificationLanguage, string> | null> {
  switch (message.kind) {
    case 'event_live':
    case 'event_reminder': {
      const row = await one(db.select({ name: event.name }).from(event).where(eq(event.id, message.eventId)));
      return row ? { gu: row.name, en: row.name } : null;
    }
    case 'surname_submission_applied': {
      const row = await one(
        db
          .select({ name: surname.name, guj: surname.name_guj })
          .from(surname)
          .where(eq(surname.id, message.surname)),
      );
      return row ? { gu: row.guj || row.name, en: row.name } : null;
    }
    case 'matrimony_match':
    case 'matrimony_request_received':
    case 'matrimony_request_accepted':
    case 'matrimony_request_declined': {
      const row = await one(db.select({ name: user.name }).from(user).where(eq(user.id, message.other)));
      return row ? { gu: row.name, en: row.name } : null;
    }
    default:
      return { gu: '', en: '' };
  }
}

function wordsAndLink(message: NotificationMessage): { texts: Texts; url: string; tag: string } {
  switch (message.kind) {
    case 'event_live':
      return {
        texts: EVENT_LIVE,
        url: `/event/${encodeURIComponent(message.eventId)}`,
        tag: `event-${message.eventId}`,
      };
    case 'event_reminder':
      return {
        texts: EVENT_REMINDER,
        url: `/event/${encodeURIComponent(message.eventId)}`,
        tag: `event-reminder-${message.eventId}`,
      };
    case 'post_decided':
      return {
        texts: message.approved ? POST_APPROVED : POST_REJECTED,
        url: `/post/${encodeURIComponent(message.postId)}`,
        tag: `post-${message.postId}`,
      };
    case 'surname_submission_applied':
      return {
        texts: SURNAME_APPLIED,
        url: `/surname/${encodeURIComponent(message.surname)}`,
        tag: `surname-${message.surname}`,
      };
    case 'publisher_request_decided':
      return {
        texts: message.approved ? PUBLISHER_APPROVED : PUBLISHER_REJECTED,
        url: '/publisher-request',
        tag: 'publisher-request',
      };
    case 'matrimony_match':
      return { texts: MATRIMONY_MATCH, url: '/matrimony?tab=matches', tag: 'matrimony-match' };
    case 'matrimony_request_received':
      return { texts: MATRIMONY_REQUEST_RECEIVED, url: '/matrimony?tab=requests', tag: 'matrimony-request' };
    case 'matrimony_request_accepted':
      return { texts: MATRIMONY_REQUEST_ACCEPTED, url: '/matrimony?tab=matches', tag: 'matrimony-request' };
    case 'matrimony_request_declined':
      return { texts: MATRIMONY_REQUEST_DECLINED, url: '/matrimony?tab=matches', tag: 'matrimony-request' };
  }
}

/** The payload in each language, or null when what the message is about no longer exists. */
export async function render(db: Executor, message: NotificationMessage): Promise<Rendered | null> {
  const names = await nameFor(db, message);
  if (!names) return null;
  const { texts, url, tag } = wordsAndLink(message);
  const payload = (language: NotificationLanguage): PushPayload => ({
    kind: message.kind,
    ...texts[language](truncateGraphemes(names[language], NAME_MAX)),
    url,
    tag,
  });
  return { gu: payload('gu'), en: payload('en') };
}

/** The bytes pushed: JSON well under the push services' limit (ids and names are bounded above). */
export function encodePayload(payload: PushPayload): Buffer {
  const bytes = Buffer.from(JSON.stringify(payload));
  if (bytes.length > PAYLOAD_MAX_BYTES) throw new Error(`push payload of ${bytes.length} bytes is too big`);
  return bytes;
}
