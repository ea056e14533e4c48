// The mail the server sends, as members would read it (docs/product/accounts.md): a local SMTP server (the
// `smtp-server` package, from the nodemailer project) started once by the test runner
// (playwright.config.ts) before the app, which gets its address as SMTP_URL. Each mail is parsed
// (mailparser) and written to a folder as JSON, so every worker process reads the same mailbox.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Starts the sink writing into `dir`; answers its smtp:// URL. It never keeps the runner alive. */
export async function startMailSink(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          count += 1;
          const mail: SunkMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          };
          writeFileSync(join(dir, `${String(count).padStart(6, '0')}.json`), JSON.stringify(mail));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.server.unref();
  return `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the mail sink starts in playwright.config.ts');
  return dir;
}

/** Every mail to `address` so far, oldest first (those whose text holds `holding`, when given). */
export function mailsTo(address: string, holding?: string): SunkMail[] {
  const dir = mailDir();
  return readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as SunkMail)
    .filter((m) => m.to.includes(address.toLowerCase()) && (!holding || m.text.includes(holding)));
}

/** Waits for the `n`th mail to `address` holding `holding` (1 = the first). */
export async function nextMail(address: string, holding: string, n = 1): Promise<SunkMail> {
  await expect
    .poll(() => mailsTo(address, holding).length, {
      message: `mail #${n} to ${address} holding ${holding}`,
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(n);
  return mailsTo(address, holding)[n - 1];
}

/** The link in a mail's text that starts with `prefix` (a page of the app). */
export function linkIn(mail: SunkMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = mail.text.match(new RegExp(`${escaped}\\S+`));
  if (!match) throw new Error(`no ${prefix} link in the mail:\n${mail.text}`);
  return match[0];
}
