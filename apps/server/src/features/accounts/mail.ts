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
import { databaseLimiter } from '../../platform/limiter.ts';
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

/** How often the owner of an address is told that someone tried to move another account to it. */
const TAKEN_NOTICE_MS = 24 * 60 * 60 * 1000;

type TakenNotices = ReturnType<typeof databaseLimiter>;

async function send(
  app: FastifyInstance,
  mailer: Mailer,
  takenNotices: TakenNotices,
  data: AccountMail,
): Promise<void> {
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
      // Taken (the route answered as for a free address, so it cannot be asked who is registered):
      // no link, but the owner is told someone tried, at most once a day.
      if (await emailTakenByOther(app.db, data.newEmail, member.id)) {
        const owner = await findByEmail(app, data.newEmail);
        if (!owner) return;
        const key = owner.email.toLowerCase();
        try {
          await takenNotices.consume(key);
        } catch (res) {
          if (res instanceof Error) throw res;
          return; // told already today
        }
        try {
          await mailer.send(
            accountMail('email_taken', data.language, owner.email, { community, username: owner.id }),
          );
        } catch (err) {
          // Undelivered: the retry may tell them.
          await takenNotices.delete(key).catch(() => undefined);
          throw err;
        }
        return;
      }
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
  const takenNotices = databaseLimiter(app.db, 'mail.email-taken', 1, TAKEN_NOTICE_MS);
  app.jobs.work('mail.send', (data) => send(app, mailer, takenNotices, data), { retryLimit: 8, retryDelay });
}
