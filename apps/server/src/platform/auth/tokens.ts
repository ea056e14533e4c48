// The tokens of the links that get a member back into their account
// (docs/product/accounts.md, "Password recovery by mail"), made with better-auth's own machinery so that its
// endpoints accept them: a password-reset token is a `reset-password:<token>` verification row (stored
// hashed, consumed once by auth.api.resetPassword), exactly what its requestPasswordReset makes, and every
// one of the member's ends with a new password (drizzle/0022); an email-confirmation token is its signed
// JWT (createEmailVerificationToken), checked by auth.api.verifyEmail, made single-use by a row beside it.
// They are made when the mail is sent or the staff link shown, never earlier, so no job or log holds one.
import { randomBytes } from 'node:crypto';
import { createEmailVerificationToken } from 'better-auth/api';
import type { Auth } from './auth.ts';

const RESET_PREFIX = 'reset-password:';

/** A new password-reset token for `userId`, valid `seconds`. */
export async function createResetToken(
  auth: Auth,
  userId: string,
  seconds: number,
): Promise<{ token: string; expiresAt: Date }> {
  const ctx = await auth.$context;
  // 192 bits, URL-safe (better-auth's own are 24 characters of [A-Za-z0-9]; this is stronger).
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + seconds * 1000);
  await ctx.internalAdapter.createVerificationValue({
    identifier: `${RESET_PREFIX}${token}`,
    value: userId,
    expiresAt,
  });
  return { token, expiresAt };
}

const MAILED_PREFIX = 'reset-mailed:';

/**
 * Remembers that `token` went to the member's address (not a staff link): using it shows they read
 * that mail, so it confirms the address too. Kept beside the token, hashed alike, lapsing with it.
 */
export async function markResetMailed(auth: Auth, token: string, userId: string, expiresAt: Date) {
  const ctx = await auth.$context;
  await ctx.internalAdapter.createVerificationValue({
    identifier: `${MAILED_PREFIX}${token}`,
    value: userId,
    expiresAt,
  });
}

/**
 * Whether `token` was mailed to the member (markResetMailed). Asked before the link is used: the new
 * password removes the mark with every other link of the member (drizzle/0022).
 */
export async function resetWasMailed(auth: Auth, token: string): Promise<boolean> {
  const ctx = await auth.$context;
  return (await ctx.internalAdapter.findVerificationValue(`${MAILED_PREFIX}${token}`)) !== null;
}

/** Removes a reset token that was never delivered (its mail failed): a retry makes another. */
export async function deleteResetToken(auth: Auth, token: string): Promise<void> {
  const ctx = await auth.$context;
  await ctx.internalAdapter.deleteVerificationByIdentifier(`${RESET_PREFIX}${token}`);
  await ctx.internalAdapter.deleteVerificationByIdentifier(`${MAILED_PREFIX}${token}`);
}

/**
 * What a reset token is now: the member it resets, 'expired', or 'unknown' (never made, forged,
 * used, or cleaned away long after expiry).
 */
export async function resetTokenState(
  auth: Auth,
  token: string,
): Promise<{ userId: string } | 'expired' | 'unknown'> {
  const ctx = await auth.$context;
  const row = await ctx.internalAdapter.findVerificationValue(`${RESET_PREFIX}${token}`);
  if (!row) return 'unknown';
  if (row.expiresAt.getTime() <= Date.now()) return 'expired';
  return { userId: row.value };
}

const EMAIL_PREFIX = 'email-link:';

/**
 * A confirmation token for `email`, or, with `newEmail`, one that moves the member to `newEmail`
 * when opened (better-auth's 'change-email-verification' request type). better-auth's token is a
 * signed JWT that it would accept any number of times until it lapses; a row beside it (hashed, as a
 * reset token's) makes it work once: takeEmailToken removes it before the link is applied. The row's
 * value is the address, never the bare member id (a new password ends those rows: drizzle/0022).
 */
export async function createEmailToken(
  auth: Auth,
  member: { id: string; email: string },
  newEmail?: string,
): Promise<string> {
  const ctx = await auth.$context;
  const expiresIn = ctx.options.emailVerification?.expiresIn ?? 3600;
  const token = newEmail
    ? await createEmailVerificationToken(ctx.secret, member.email, newEmail, expiresIn, {
        requestType: 'change-email-verification',
        userId: member.id,
      })
    : await createEmailVerificationToken(ctx.secret, member.email, undefined, expiresIn, {
        userId: member.id,
      });
  await ctx.internalAdapter.createVerificationValue({
    identifier: `${EMAIL_PREFIX}${token}`,
    value: (newEmail ?? member.email).toLowerCase(),
    expiresAt: new Date(Date.now() + expiresIn * 1000),
  });
  return token;
}

/**
 * Takes a confirmation token's one use: 'ok' once (the caller then applies it), 'expired', or
 * 'unknown' (used already, by a parallel request too, never made, or forged).
 */
export async function takeEmailToken(auth: Auth, token: string): Promise<'ok' | 'expired' | 'unknown'> {
  const ctx = await auth.$context;
  const identifier = `${EMAIL_PREFIX}${token}`;
  const row = await ctx.internalAdapter.findVerificationValue(identifier);
  if (!row) return 'unknown';
  if (row.expiresAt.getTime() <= Date.now()) return 'expired';
  return (await ctx.internalAdapter.consumeVerificationValue(identifier)) ? 'ok' : 'unknown';
}

/** The web app's page that takes a reset token. */
export const resetLink = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;

/** The web app's page that takes an email-confirmation token. */
export const confirmLink = (publicUrl: string, token: string) =>
  `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
