// Getting back into an account (docs/product/accounts.md): "Forgot password?", the reset through a link,
// confirming an email address, and the staff-made link. The server's routes are
// features/accounts/recovery.ts.
import type { AccountView, MailLanguage, MemberLookup, ResetLinkView } from '@samaj/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { currentUserQueryKey, forgetSession } from '../../../lib/session';

/** POST /api/account/recovery's answer: the same for every address. */
export interface RecoveryAnswer {
  mailSent: boolean;
  contactPhone: string | null;
  contactEmail: string | null;
}

/** The language the mail is written in: the app's own (the server falls back to the cookie). */
function useMailLanguage(): MailLanguage {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'gu';
}

/** "Forgot password?": asks for a link to be mailed to an address. */
export function useRequestRecovery() {
  const language = useMailLanguage();
  return useMutation({
    mutationFn: (email: string) =>
      api<RecoveryAnswer>('/api/account/recovery', { body: { email, language } }),
  });
}

/** Sets a new password with a link's token; the member is then signed in on this device only. */
export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api<{ user: AccountView }>('/api/account/recovery', { method: 'PUT', body: input }),
    onSuccess: async ({ user }) => {
      // Whoever was signed in here before is not any more: nothing of theirs stays in the cache.
      forgetSession(client);
      client.setQueryData(currentUserQueryKey, user);
      await client.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

/** Opens a confirmation link: the address it was sent to is confirmed (or becomes the account's). */
export function useConfirmEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api<{ email: string; emailVerified: boolean }>('/api/account/verification/confirm', {
        body: { token },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

/** "Send again": mails the confirmation link for the member's address once more. */
export function useResendConfirmation() {
  const language = useMailLanguage();
  return useMutation({
    mutationFn: () => api<void>('/api/account/verification', { body: { language } }),
  });
}

/** Staff: members whose username or name holds `q` (username and name only). */
export function useMemberLookup(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['members', 'lookup', query],
    queryFn: ({ signal }) =>
      api<MemberLookup>(`/api/members/lookup?q=${encodeURIComponent(query)}`, { signal }),
    enabled: query.length > 0,
    staleTime: 30_000,
  });
}

/** Staff: a one-time password link for a member, valid 24 hours, shown once (audited). */
export function useMakeResetLink() {
  return useMutation({
    mutationFn: (username: string) =>
      api<ResetLinkView>(`/api/admin/members/${encodeURIComponent(username)}/reset-link`, {
        method: 'POST',
      }),
  });
}
