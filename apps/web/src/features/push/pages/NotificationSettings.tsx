// Settings → Notifications: turn notifications on for this device (the same subscribe action as the
// installed app's prompt, available in any browser) and choose, per kind, what the member is told.

import { Alert, Button, Card, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { NOTIFICATION_KINDS, type NotificationKind } from '@samaj/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberOnly } from '../../../components/MemberOnly';
import { SettingsSubpage } from '../../../components/SettingsSubpage';
import { siteHost } from '../../../lib/head';
import { useHydrated } from '../../../lib/hydrated';
import { logPushError } from '../../../lib/push/errors';
import { optBackIntoPush, optOutOfPush } from '../../../lib/push/prompts';
import { currentRecord, pushSupported, unsubscribeFromPush } from '../../../lib/push/subscribe';
import { useSubscribe, useVapidKey } from '../../../lib/push/useSubscribe';
import { useNotificationSettings, useSetNotificationKind } from '../api/settings';

type DeviceState = 'unsupported' | 'serverOff' | 'blocked' | 'subscribed' | 'available';

function deviceState(member: string, vapidKey: string | null): DeviceState {
  if (!pushSupported()) return 'unsupported';
  if (!vapidKey) return 'serverOff';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission === 'granted' && currentRecord()?.member === member) return 'subscribed';
  return 'available';
}

function ThisDevice({ member }: { member: string }) {
  const { t } = useTranslation('push');
  const vapidKey = useVapidKey();
  const subscribe = useSubscribe();
  const [, rerender] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // Turning off clears the device's record first; until the server has forgotten the device too, the
  // screen still says it is on (its button busy), so "off" on screen means off everywhere.
  const [leaving, setLeaving] = useState(false);
  // This device's permission and subscription exist only in the browser: read once the page is the app's.
  const hydrated = useHydrated();
  if (vapidKey === undefined || !hydrated) return <Skeleton height={96} radius="md" />;
  const state = leaving ? 'subscribed' : deviceState(member, vapidKey);

  const turnOn = async () => {
    setBusy(true);
    setFailed(false);
    try {
      if (Notification.permission !== 'granted') await Notification.requestPermission();
      if (Notification.permission === 'granted') {
        optBackIntoPush();
        await subscribe();
      }
    } catch (error) {
      logPushError(error);
      setFailed(true);
    } finally {
      setBusy(false);
      rerender((n) => n + 1);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    setLeaving(true);
    // Remembered, so the app does not subscribe this device again by itself at the next start.
    optOutOfPush();
    try {
      await unsubscribeFromPush();
    } catch (error) {
      logPushError(error);
    } finally {
      setBusy(false);
      setLeaving(false);
    }
  };

  return (
    <Card data-testid="push-device" data-state={state}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('settings.device.title')}
        </Title>
        {state === 'subscribed' ? (
          <>
            <Text>{t('settings.device.subscribed')}</Text>
            <Button
              variant="default"
              leftSection={<IconBellOff size={18} aria-hidden />}
              onClick={() => void turnOff()}
              loading={busy}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('settings.device.turnOff')}
            </Button>
          </>
        ) : state === 'available' ? (
          <>
            <Text>{t('notifications.text')}</Text>
            <Button
              leftSection={<IconBell size={18} aria-hidden />}
              onClick={() => void turnOn()}
              loading={busy}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('notifications.button')}
            </Button>
            {failed && (
              <Text c="red" size="sm" role="alert">
                {t('settings.device.failed')}
              </Text>
            )}
          </>
        ) : state === 'blocked' ? (
          <Alert color="orange" variant="light">
            {t('notifications.enableInSettings', { host: siteHost() })}
          </Alert>
        ) : (
          <Text c="dimmed">{t(`settings.device.${state}`)}</Text>
        )}
      </Stack>
    </Card>
  );
}

function Kinds() {
  const { t } = useTranslation('push');
  const settings = useNotificationSettings();
  const setKind = useSetNotificationKind();
  return (
    <Card>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t('settings.kinds.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.kinds.intro')}
          </Text>
        </div>
        {settings.isPending ? (
          <Skeleton height={200} />
        ) : settings.isError ? (
          <Text c="red" role="alert">
            {t('settings.kinds.loadFailed')}
          </Text>
        ) : (
          NOTIFICATION_KINDS.map((kind: NotificationKind) => (
            <Switch
              key={kind}
              size="md"
              label={t(`settings.kinds.${kind}`)}
              checked={settings.data.kinds[kind]}
              onChange={(event) => setKind.mutate({ kind, on: event.currentTarget.checked })}
              data-testid={`kind-${kind}`}
            />
          ))
        )}
        {setKind.isError && (
          <Text c="red" size="sm" role="alert">
            {t('settings.kinds.saveFailed')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export default function NotificationSettings() {
  const { t } = useTranslation('push');
  return (
    <SettingsSubpage title={t('settings.title')} description={t('settings.description')}>
      <MemberOnly>
        {(user) => (
          <>
            <ThisDevice member={user.id} />
            <Kinds />
          </>
        )}
      </MemberOnly>
    </SettingsSubpage>
  );
}
