export { isUniqueViolation } from './auth.ts';
export { requireAdmin, requireAnyLabel, requireMember } from './guards.ts';
export { configureAuthLimits, DEFAULT_AUTH_LIMITS } from './rate-limit.ts';
export { authForCommand, makeStaffResetLink } from './reset-link.ts';
export {
  forgetSessionUser,
  getAuth,
  getSessionId,
  getSessionUser,
  getUpgradeUser,
  hasSessionCookie,
  registerSessionRefresh,
  requireUser,
  type SessionUser,
  toHeaders,
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
