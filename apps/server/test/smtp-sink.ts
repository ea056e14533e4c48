// A local SMTP server for tests (the `smtp-server` package, from the nodemailer project): it takes
// every mail the app sends and keeps it parsed (mailparser), so a test reads a mail as a member would
// and follows its link.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './wait.ts';

export interface SunkMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  mails: SunkMail[];
  /** Mails to `address` received so far (those whose text holds `holding`, when given). */
  to(address: string, holding?: string): SunkMail[];
  /** Waits for the `n`th mail to `address` (1 = the first), counting those holding `holding`. */
  next(address: string, n?: number, holding?: string): Promise<SunkMail>;
  /** Refuses the next `n` mails with a temporary SMTP error (421), as a server that is away. */
  refuseNext(n: number): void;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SunkMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        const error = Object.assign(new Error('Try again later'), { responseCode: 421 });
        stream.on('end', () => callback(error));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string, holding?: string) =>
    mails.filter((m) => m.to.includes(address.toLowerCase()) && (!holding || m.text.includes(holding)));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to,
    next: (address, n = 1, holding) =>
      waitFor(
        () => to(address, holding)[n - 1],
        `mail #${n} to ${address}${holding ? ` holding ${holding}` : ''}`,
      ),
    refuseNext(n) {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link in a mail's text that starts with `prefix` (the web app's page), and its token. */
export function linkIn(mail: SunkMail, prefix: string): { url: string; token: string } {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`));
  if (!match) throw new Error(`no ${prefix} link in the mail:\n${mail.text}`);
  const url = match[0];
  return { url, token: new URL(url).searchParams.get('token') ?? '' };
}
