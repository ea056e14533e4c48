export {
  type Auth,
  COOKIE_PREFIX,
  createAuth,
  isUniqueViolation,
  loadAuthSecret,
  trustedOrigins,
} from './auth.ts';
export { requireAdmin, requireAnyLabel, requireMember } from './guards.ts';
export { type AuthLimits, configureAuthLimits, DEFAULT_AUTH_LIMITS } from './rate-limit.ts';
export { authForCommand, makeStaffResetLink, type StaffResetLink } from './reset-link.ts';
export {
  BLOCKED_MESSAGE,
  forgetSessionUser,
  getAuth,
  getSessionId,
  getSessionUser,
  getUpgradeUser,
  hasSessionCookie,
  registerSessionRefresh,
  requireLabel,
  requireUser,
  type SessionUser,
  toHeaders,
  UNAUTHORIZED_MESSAGE,
} from './session.ts';
export {
  confirmLink,
  createEmailToken,
  createResetToken,
  deleteResetToken,
  markResetMailed,
  resetLink,
  resetTokenState,
  resetWasMailed,
} from './tokens.ts';
