// What the account mails say, in Gujarati and English (the member's language comes with the request
// that caused the mail: the server does not store it). Plain text and simple HTML of the same words.
import type { MailLanguage } from '@samaj/core';
import type { AccountMail } from '../../platform/jobs/map.ts';
import { escapeMailHtml, type Mail } from '../../platform/mail.ts';

interface Words {
  subject: string;
  paragraphs: string[];
  /** The button and the link under it (also written out in full, for mail apps that hide links). */
  action?: { label: string; url: string };
  closing: string[];
}

export interface MailFacts {
  community: string;
  username: string;
  /** The link to open (reset and confirmations). */
  url?: string;
  newEmail?: string;
}

/** The job's kinds, and the one an email_change job sends instead when its address is taken. */
type Kind = AccountMail['kind'] | 'email_taken';

const TEXTS: Record<MailLanguage, Record<Kind, (f: MailFacts) => Words>> = {
  en: {
    password_reset: (f) => ({
      subject: `Reset your ${f.community} password`,
      paragraphs: [
        `Someone (we hope you) asked to reset the password of your ${f.community} account (${f.username}).`,
        'Open this link within 1 hour to choose a new password. It works once.',
      ],
      action: { label: 'Choose a new password', url: f.url ?? '' },
      closing: ['If you did not ask, ignore this mail: your password stays as it is.'],
    }),
    email_confirm: (f) => ({
      subject: `Confirm your email address for ${f.community}`,
      paragraphs: [
        `Please confirm that this address belongs to your ${f.community} account (${f.username}).`,
        'Open this link within 24 hours.',
      ],
      action: { label: 'Confirm my address', url: f.url ?? '' },
      closing: ['If you did not sign up, ignore this mail.'],
    }),
    email_change: (f) => ({
      subject: `Confirm your new email address for ${f.community}`,
      paragraphs: [
        `You asked to use this address for your ${f.community} account (${f.username}).`,
        'Open this link within 24 hours to make the change. Until then your account keeps its old address.',
      ],
      action: { label: 'Use this address', url: f.url ?? '' },
      closing: ['If you did not ask, ignore this mail.'],
    }),
    email_change_notice: (f) => ({
      subject: `Your ${f.community} email address is being changed`,
      paragraphs: [
        `Someone signed in to your ${f.community} account (${f.username}) asked to change its email address to ${f.newEmail}.`,
        'The change happens only when the link sent to that address is opened.',
      ],
      closing: [
        "If this was not you, log in and change your password, or ask the community's staff for help.",
      ],
    }),
    email_taken: (f) => ({
      subject: `Someone tried to use your email address on ${f.community}`,
      paragraphs: [
        `Someone signed in to another ${f.community} account asked to move that account to this address. This address already belongs to your account (${f.username}), so nothing was changed and no link was sent.`,
        `If it was you: you already have an account with this address. Log in as ${f.username}, or use "Forgot password?" on the login page.`,
      ],
      closing: [
        'If it was not you, you need do nothing: your account is not affected. We send this notice at most once a day.',
      ],
    }),
  },
  gu: {
    password_reset: (f) => ({
      subject: `${f.community} નો પાસવર્ડ બદલો`,
      paragraphs: [
        `તમારા ${f.community} એકાઉન્ટ (${f.username}) નો પાસવર્ડ બદલવાની વિનંતી આવી છે.`,
        'નવો પાસવર્ડ રાખવા માટે ૧ કલાકની અંદર આ લિંક ખોલો. આ લિંક એક જ વાર ચાલે છે.',
      ],
      action: { label: 'નવો પાસવર્ડ રાખો', url: f.url ?? '' },
      closing: ['જો તમે આ વિનંતી ન કરી હોય, તો આ મેઇલ અવગણો: તમારો પાસવર્ડ બદલાશે નહીં.'],
    }),
    email_confirm: (f) => ({
      subject: `${f.community} માટે તમારું ઇમેઇલ સરનામું ખાતરી કરો`,
      paragraphs: [
        `આ સરનામું તમારા ${f.community} એકાઉન્ટ (${f.username}) નું છે તેની ખાતરી કરો.`,
        '૨૪ કલાકની અંદર આ લિંક ખોલો.',
      ],
      action: { label: 'મારું સરનામું ખાતરી કરો', url: f.url ?? '' },
      closing: ['જો તમે નોંધણી ન કરી હોય, તો આ મેઇલ અવગણો.'],
    }),
    email_change: (f) => ({
      subject: `${f.community} માટે તમારું નવું ઇમેઇલ સરનામું ખાતરી કરો`,
      paragraphs: [
        `તમે તમારા ${f.community} એકાઉન્ટ (${f.username}) માટે આ સરનામું વાપરવાનું કહ્યું છે.`,
        'ફેરફાર કરવા ૨૪ કલાકની અંદર આ લિંક ખોલો. ત્યાં સુધી એકાઉન્ટમાં જૂનું સરનામું જ રહેશે.',
      ],
      action: { label: 'આ સરનામું વાપરો', url: f.url ?? '' },
      closing: ['જો તમે આ ન કહ્યું હોય, તો આ મેઇલ અવગણો.'],
    }),
    email_change_notice: (f) => ({
      subject: `તમારા ${f.community} એકાઉન્ટનું ઇમેઇલ સરનામું બદલાઈ રહ્યું છે`,
      paragraphs: [
        `તમારા ${f.community} એકાઉન્ટ (${f.username}) માં ઇમેઇલ સરનામું ${f.newEmail} કરવાની વિનંતી આવી છે.`,
        'એ સરનામે મોકલેલી લિંક ખોલાશે ત્યારે જ ફેરફાર થશે.',
      ],
      closing: ['જો આ તમે ન કર્યું હોય, તો લૉગ ઇન કરીને પાસવર્ડ બદલો, અથવા સમાજના સ્ટાફની મદદ લો.'],
    }),
    email_taken: (f) => ({
      subject: `${f.community} પર કોઈએ તમારું ઇમેઇલ સરનામું વાપરવાનો પ્રયત્ન કર્યો`,
      paragraphs: [
        `${f.community} ના બીજા એકાઉન્ટમાં લૉગ ઇન થયેલી કોઈ વ્યક્તિએ એ એકાઉન્ટ માટે આ સરનામું વાપરવાનું કહ્યું. આ સરનામું તો તમારા એકાઉન્ટ (${f.username}) નું છે, એટલે કંઈ બદલાયું નથી અને કોઈ લિંક મોકલી નથી.`,
        `જો એ તમે જ હતા: આ સરનામા સાથે તમારું એકાઉન્ટ પહેલેથી છે. ${f.username} તરીકે લૉગ ઇન કરો, અથવા લૉગ ઇન પેજ પર "પાસવર્ડ ભૂલી ગયા?" વાપરો.`,
      ],
      closing: [
        'જો એ તમે ન હતા, તો કંઈ કરવાની જરૂર નથી: તમારા એકાઉન્ટને કોઈ અસર થઈ નથી. આ સૂચના અમે દિવસમાં વધુમાં વધુ એક વાર મોકલીએ છીએ.',
      ],
    }),
  },
};

/** The mail of `kind` to `to`, in `language`. */
export function accountMail(kind: Kind, language: MailLanguage, to: string, facts: MailFacts): Mail {
  const words = (TEXTS[language] ?? TEXTS.gu)[kind](facts);
  const text = [
    ...words.paragraphs,
    ...(words.action ? [words.action.url] : []),
    ...words.closing,
    `— ${facts.community}`,
  ].join('\n\n');
  const p = (line: string) => `<p>${escapeMailHtml(line)}</p>`;
  const action = words.action
    ? `<p><a href="${escapeMailHtml(words.action.url)}" style="display:inline-block;padding:12px 20px;background:#c2410c;color:#ffffff;text-decoration:none;border-radius:6px">${escapeMailHtml(words.action.label)}</a></p>` +
      `<p style="font-size:13px;color:#555555;word-break:break-all">${escapeMailHtml(words.action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"></head><body style="font-family:sans-serif;font-size:16px;line-height:1.6;color:#222222">${words.paragraphs.map(p).join('')}${action}${words.closing.map(p).join('')}${p(`— ${facts.community}`)}</body></html>`;
  return { to, subject: words.subject, text, html };
}
