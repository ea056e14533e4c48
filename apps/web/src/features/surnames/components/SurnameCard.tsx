import { Card, Group, Stack, Text } from '@mantine/core';
import { formatCount, SURNAME_PREVIEW_CHARS, type SurnameView, truncateGraphemes } from '@samaj/core';
import { IconInfoCircle, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isMissingDetails } from '../api/types';
import { memberKey } from '../lib/count';
import { htmlToText } from '../lib/html';

export function SurnameCard({ surname }: { surname: SurnameView }) {
  const { t } = useTranslation('surnames');
  const preview = htmlToText(surname.description);
  return (
    <Card
      component={Link}
      to={`/surname/${encodeURIComponent(surname.name)}`}
      withBorder
      padding="md"
      radius="md"
      data-testid="surname-card"
      style={{ height: '100%' }}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="baseline" wrap="nowrap" gap="xs">
          <Text fw={700} size="lg" lang="gu">
            {surname.name_guj}
          </Text>
          <Text size="sm" c="dimmed" lang="en" style={{ whiteSpace: 'nowrap' }}>
            {surname.name}
          </Text>
        </Group>
        <Group gap={6} c="dimmed" wrap="nowrap">
          <IconUsers size={16} aria-hidden />
          <Text size="sm" data-testid="surname-members">
            {t(memberKey(surname.user_count, 'card'), { n: formatCount(surname.user_count) })}
          </Text>
        </Group>
        {preview && (
          <Text size="sm" data-testid="surname-preview">
            {truncateGraphemes(preview, SURNAME_PREVIEW_CHARS)}
          </Text>
        )}
        {isMissingDetails(surname) && (
          <Group gap={6} wrap="nowrap" c="orange.9" align="flex-start">
            <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="xs" c="orange.9" data-testid="surname-hint">
              {t('card.hint')}
            </Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The four empty cards of SPEC §2 while the list loads. */
export function SurnameCardSkeleton() {
  return (
    <Card withBorder padding="md" radius="md" data-testid="surname-skeleton" style={{ minHeight: 96 }}>
      <span />
    </Card>
  );
}
