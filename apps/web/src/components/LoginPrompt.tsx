import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { forwardTo } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** Link target that brings the member back here after logging in or signing up. */
export function useForwardQuery(): string {
  const location = useLocation();
  const here = location.pathname + location.search + location.hash;
  return `?${forwardTo(here)}`;
}

export interface LoginPromptProps {
  title?: string;
  message?: string;
}

/** The card member-only screens show to visitors: Login and Create New Account, both returning here. */
export function LoginPrompt({ title, message }: LoginPromptProps) {
  const { t } = useTranslation('common');
  const forward = useForwardQuery();
  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title ?? t('loginPrompt.title')}
        </Title>
        <Text c="dimmed">{message ?? t('loginPrompt.message')}</Text>
        <Group gap="sm">
          <Button component={Link} to={`/login${forward}`}>
            {t('loginPrompt.login')}
          </Button>
          <Button component={Link} to={`/signup${forward}`} variant="light">
            {t('loginPrompt.createAccount')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
