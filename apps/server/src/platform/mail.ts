// Outgoing mail over SMTP (SMTP_URL), for the few mails a member must get: a password-reset link and
// an address confirmation. Sent only from jobs (platform/jobs), never inside a request: a slow or
// failing SMTP server delays a mail and retries it, and no member waits for it.
import nodemailer from 'nodemailer';
import type { MailConfig } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Hands the mail to the SMTP server; throws when it refuses or cannot be reached (the job retries). */
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** A mailer for SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for TLS from the start). */
export function createMailer(config: MailConfig): Mailer {
  const transport = nodemailer.createTransport({
    url: config.url,
    // A hung server fails the attempt (and the job retries) instead of holding a worker for minutes.
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: config.from, ...mail });
    },
    close() {
      transport.close();
    },
  };
}

/** Text made safe to put into HTML. */
export function escapeMailHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}
