// The one-time password link staff make for a member who never reads email
// (docs/product/accounts.md, "Password recovery without mail (staff link)"): the same better-auth reset token
// as a mailed link, valid 24 hours, shown once. Made from the console (an Admin) or the operator's CLI
// (`reset-link <username>`); either way audited as `user.reset_link`. It ends no session: better-auth ends
// them all when the link is used (revokeSessionsOnPasswordReset).
import { STAFF_RESET_LINK_SECONDS } from '@samaj/core';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { EventBus } from '../events/index.ts';
import { type Auth, createAuth, loadAuthSecret } from './auth.ts';
import { createResetToken, deleteResetToken, resetLink } from './tokens.ts';

export interface StaffResetLink {
  url: string;
  expiresAt: Date;
}

/** Makes the link and its audit entry; `actor` is the Admin's id, or 'cli'. */
export async function makeStaffResetLink(
  deps: { auth: Auth; events: EventBus; publicUrl: string },
  memberId: string,
  actor: string,
): Promise<StaffResetLink> {
  const { token, expiresAt } = await createResetToken(deps.auth, memberId, STAFF_RESET_LINK_SECONDS);
  try {
    await deps.events.transaction((tx) =>
      deps.events.publish(tx, 'user.reset_link', {
        userId: memberId,
        audit: {
          actor,
          action: 'user.reset_link',
          entity: 'user',
          entityId: memberId,
          // When it lapses; never the token.
          after: { expiresAt: expiresAt.toISOString() },
        },
      }),
    );
  } catch (err) {
    // No link without its record.
    await deleteResetToken(deps.auth, token).catch(() => undefined);
    throw err;
  }
  return { url: resetLink(deps.publicUrl, token), expiresAt };
}

/** A better-auth instance for a command that runs without the server's app (the operator's CLI). */
export async function authForCommand(db: Database, config: Config): Promise<Auth> {
  return createAuth(db, config, await loadAuthSecret(db));
}
