// The quiet notice for a signed-in member whose address is not confirmed yet
// (docs/product/accounts.md, "Email confirmation"): it never blocks anything, offers "send again", and can be
// put away. Putting it away is this browser's memory (localStorage, per address), so the server's render
// always draws it and the browser hides it once the app runs (useSyncExternalStore's server snapshot: no
// hydration mismatch).
import { CloseButton, Group, Paper, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ResendConfirmation } from './ResendConfirmation';

export const EMAIL_NOTICE_KEY = 'samaj.emailNotice.dismissed';
const CHANGED = 'samaj-email-notice';

function subscribe(notify: () => void): () => void {
  window.addEventListener('storage', notify);
  window.addEventListener(CHANGED, notify);
  return () => {
    window.removeEventListener('storage', notify);
    window.removeEventListener(CHANGED, notify);
  };
}

function dismissedFor(): string | null {
  try {
    return localStorage.getItem(EMAIL_NOTICE_KEY);
  } catch {
    return null;
  }
}

export default function EmailNotice({ email }: { email: string }) {
  // Put away per address: a new address is told again.
  const { t } = useTranslation('accounts');
  const dismissed = useSyncExternalStore(subscribe, dismissedFor, () => null);
  const [hidden, setHidden] = useState(false);
  if (hidden || dismissed === email) return null;
  const dismiss = () => {
    setHidden(true);
    try {
      localStorage.setItem(EMAIL_NOTICE_KEY, email);
    } catch {
      // Storage refused (private mode): hidden for this visit only.
    }
    window.dispatchEvent(new Event(CHANGED));
  };
  return (
    <Paper
      component="section"
      aria-label={t('notice.label')}
      withBorder
      radius="md"
      px="sm"
      py={6}
      mb="md"
      bg="orange.0"
    >
      <Group align="center" wrap="nowrap" gap="xs">
        <Text size="sm" style={{ flex: 1 }}>
          {t('notice.text')}
        </Text>
        <ResendConfirmation compact />
        <CloseButton size="sm" aria-label={t('notice.dismiss')} onClick={dismiss} />
      </Group>
    </Paper>
  );
}
