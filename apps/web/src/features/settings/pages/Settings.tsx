import { Card, NavLink as MantineNavLink, Stack, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconBell,
  IconChevronRight,
  IconHelp,
  IconInfoCircle,
  IconLock,
  IconLogout,
  IconSpeakerphone,
  IconUserEdit,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoginPrompt } from '../../../components/LoginPrompt';
import { PageMeta } from '../../../lib/head';
import { logout, useCurrentUser } from '../../../lib/session';
import { LanguageSwitch } from '../components/LanguageSwitch';

type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;

function Entry({ to, label, icon: Icon }: { to: string; label: string; icon: Icon }) {
  return (
    <MantineNavLink
      component={Link}
      to={to}
      label={label}
      leftSection={<Icon size={20} aria-hidden />}
      rightSection={<IconChevronRight size={16} aria-hidden />}
    />
  );
}

export default function Settings() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useCurrentUser();
  const [leaving, setLeaving] = useState(false);

  const onLogout = async () => {
    setLeaving(true);
    try {
      await logout(client);
    } catch {
      // The cookie may outlive an unreachable server, but this browser has forgotten the account.
    }
    navigate('/login');
  };

  return (
    <Stack gap="md" maw={640} w="100%" mx="auto">
      <PageMeta title={t('title')} description={t('description')} />
      <Title order={1}>{t('title')}</Title>
      <Card padding={0}>
        <nav aria-label={t('title')}>
          <MantineNavLink
            component="button"
            label={t('back')}
            leftSection={<IconArrowLeft size={20} aria-hidden />}
            onClick={() => navigate(-1)}
          />
          {user && <Entry to="/settings/profile" label={t('manageProfile')} icon={IconUserEdit} />}
          {user && <Entry to="/settings/notifications" label={t('notifications')} icon={IconBell} />}
          {user && <Entry to="/settings/privacy" label={t('privacy')} icon={IconLock} />}
          {user && <Entry to="/publisher-request" label={t('publisher')} icon={IconSpeakerphone} />}
          <Entry to="/settings/help" label={t('help')} icon={IconHelp} />
          <Entry to="/settings/about" label={t('about')} icon={IconInfoCircle} />
          {user && (
            <MantineNavLink
              component="button"
              label={t('logout')}
              c="red"
              disabled={leaving}
              leftSection={<IconLogout size={20} aria-hidden />}
              onClick={() => void onLogout()}
            />
          )}
        </nav>
      </Card>
      <Card>
        <LanguageSwitch />
      </Card>
      {user === null && <LoginPrompt />}
    </Stack>
  );
}
