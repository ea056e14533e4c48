import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMeta } from '../lib/head';

/** One settings page (of any feature): a way back to Settings, its title, its content. */
export function SettingsSubpage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={640} w="100%" mx="auto">
      <PageMeta title={title} description={description} />
      <Anchor component={Link} to="/settings" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('backToSettings')}
        </Group>
      </Anchor>
      <Title order={1}>{title}</Title>
      {children}
    </Stack>
  );
}
