// The account mails (docs/product/accounts.md, "Password recovery by mail", "Email confirmation"), sent by
// the 'mail.send' job only when SMTP_URL is set. The job names the member (or, for "Forgot password?", the
// address typed) and the worker makes the link's token as it sends, so the queue never holds a secret and a
// retried mail carries a fresh, full-length link.
import { RESET_LINK_SECONDS } from '@samaj/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { user } from '../../db/schema/index.ts';
import {
  confirmLink,
  createEmailToken,
  createResetToken,
  deleteResetToken,
  getAuth,
  markResetMailed,
  resetLink,
} from '../../platform/auth/index.ts';
import type { AccountMail } from '../../platform/jobs/map.ts';
import { createMailer, type Mailer } from '../../platform/mail.ts';
import { accountMail } from './mail-texts.ts';
import { emailTakenByOther, findUser } from './queries.ts';

async function findByEmail(app: FastifyInstance, email: string) {
  const [row] = await app.db
    .select()
    .from(user)
    .where(sql`lower(${user.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

async function send(app: FastifyInstance, mailer: Mailer, data: AccountMail): Promise<void> {
  const { publicUrl, communityName: community } = app.config;
  const auth = await getAuth(app);
  switch (data.kind) {
    case 'password_reset': {
      // Nobody has the address, or its member is blocked (a reset would not let them in): no mail.
      const member = await findByEmail(app, data.email);
      if (!member || member.banned) return;
      const { token, expiresAt } = await createResetToken(auth, member.id, RESET_LINK_SECONDS);
      await markResetMailed(auth, token, member.id, expiresAt);
      const mail = accountMail('password_reset', data.language, member.email, {
        community,
        username: member.id,
        url: resetLink(publicUrl, token),
      });
      try {
        await mailer.send(mail);
      } catch (err) {
        // Undelivered: the retry makes another token.
        await deleteResetToken(auth, token).catch(() => undefined);
        throw err;
      }
      return;
    }
    case 'email_confirm': {
      const member = await findUser(app.db, data.member);
      if (!member || member.emailVerified) return;
      const token = await createEmailToken(auth, member);
      await mailer.send(
        accountMail('email_confirm', data.language, member.email, {
          community,
          username: member.id,
          url: confirmLink(publicUrl, token),
        }),
      );
      return;
    }
    case 'email_change': {
      const member = await findUser(app.db, data.member);
      if (!member || member.email.toLowerCase() === data.newEmail.toLowerCase()) return;
      // Taken meanwhile: opening the link would fail anyway, and its owner should not be mailed.
      if (await emailTakenByOther(app.db, data.newEmail, member.id)) return;
      const token = await createEmailToken(auth, member, data.newEmail);
      await mailer.send(
        accountMail('email_change', data.language, data.newEmail, {
          community,
          username: member.id,
          url: confirmLink(publicUrl, token),
        }),
      );
      return;
    }
    case 'email_change_notice': {
      const member = await findUser(app.db, data.member);
      if (!member) return;
      await mailer.send(
        accountMail('email_change_notice', data.language, data.oldEmail, {
          community,
          username: member.id,
          newEmail: data.newEmail,
        }),
      );
      return;
    }
  }
}

/** Runs the mail queue in this app (nothing without SMTP_URL: no route sends a mail then). */
export function registerAccountMail(app: FastifyInstance): void {
  const config = app.config.mail;
  if (!config) return;
  const mailer = createMailer(config);
  app.addHook('onClose', async () => mailer.close());
  // An SMTP server away for a while: retries at ~30 s, 1, 2, 4 … minutes, over about two hours
  // (tests, whose sink refuses once, retry after a second).
  const retryDelay = app.config.nodeEnv === 'test' ? 1 : 30;
  app.jobs.work('mail.send', (data) => send(app, mailer, data), { retryLimit: 8, retryDelay });
}
