// The shell's popups (docs/product/notifications.md): installing the app, and allowing notifications in the
// installed app. The shell decides which one is due (lib/push/useShellPrompt) and where it sits; this draws
// it.
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteHost } from '../../../lib/head';
import { forgetInstallEvent, useInstallEvent } from '../../../lib/installEvent';
import { logPushError } from '../../../lib/push/errors';
import { dismissInstall, markNotificationAsked, optBackIntoPush } from '../../../lib/push/prompts';
import type { ShellPromptKind } from '../../../lib/push/useShellPrompt';
import { useSubscribe } from '../../../lib/push/useSubscribe';

interface PromptProps {
  onClose: () => void;
}

function PromptCard({ id, text, children }: { id: string; text: string; children: React.ReactNode }) {
  return (
    <Paper
      role="dialog"
      aria-modal={false}
      aria-labelledby={id}
      data-testid={id}
      shadow="lg"
      radius="md"
      p="md"
      withBorder
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <img
            src="/icons/icon-192.png"
            alt=""
            width={40}
            height={40}
            style={{ borderRadius: 8, flex: 'none' }}
          />
          <Text id={id} size="sm" style={{ lineHeight: 1.6 }}>
            {text}
          </Text>
        </Group>
        <Group justify="flex-end" gap="xs">
          {children}
        </Group>
      </Stack>
    </Paper>
  );
}

function InstallPrompt({ onClose }: PromptProps) {
  const { t } = useTranslation('push');
  const offer = useInstallEvent();
  const [busy, setBusy] = useState(false);
  const skip = () => {
    dismissInstall();
    onClose();
  };
  const install = async () => {
    if (!offer) return skip();
    setBusy(true);
    try {
      await offer.prompt();
      const { outcome } = await offer.userChoice;
      // Dismissed in the browser's own dialog: the member said no, so the app does not ask again.
      if (outcome !== 'accepted') dismissInstall();
    } catch {
      dismissInstall();
    } finally {
      forgetInstallEvent();
      onClose();
    }
  };
  return (
    <PromptCard id="install-prompt" text={t('install.text')}>
      <Button variant="subtle" color="gray" onClick={skip} disabled={busy}>
        {t('skip')}
      </Button>
      <Button onClick={() => void install()} loading={busy}>
        {t('install.button')}
      </Button>
    </PromptCard>
  );
}

function NotificationPrompt({ onClose }: PromptProps) {
  const { t } = useTranslation('push');
  const subscribe = useSubscribe();
  const [refused, setRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  const skip = () => {
    markNotificationAsked();
    onClose();
  };
  const allow = async () => {
    markNotificationAsked();
    setBusy(true);
    let permission: NotificationPermission = 'default';
    try {
      permission = await Notification.requestPermission();
    } catch (error) {
      logPushError(error);
    }
    setBusy(false);
    if (permission !== 'granted') {
      setRefused(true);
      return;
    }
    // A failed subscribe is ignored by the interface and logged.
    optBackIntoPush();
    subscribe().catch(logPushError);
    onClose();
  };
  const text = refused ? t('notifications.enableInSettings', { host: siteHost() }) : t('notifications.text');
  return (
    <PromptCard id="notification-prompt" text={text}>
      <Button variant="subtle" color="gray" onClick={skip}>
        {t('skip')}
      </Button>
      {!refused && (
        <Button onClick={() => void allow()} loading={busy}>
          {t('notifications.button')}
        </Button>
      )}
    </PromptCard>
  );
}

export default function ShellPrompt({ kind, onClose }: { kind: ShellPromptKind; onClose: () => void }) {
  return kind === 'install' ? <InstallPrompt onClose={onClose} /> : <NotificationPrompt onClose={onClose} />;
}
