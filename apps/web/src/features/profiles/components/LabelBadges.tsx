import { Badge, Group } from '@mantine/core';
import { type Label, normalizeLabels } from '@samaj/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<Label, string> = {
  Verified: 'blue',
  Founder: 'grape',
  Admin: 'red',
  Publisher: 'teal',
};

/** The member's role badges in the spec's order; nothing when there are none. */
export function LabelBadges({ labels }: { labels: readonly string[] }) {
  const { t } = useTranslation('profiles');
  const known = normalizeLabels(labels);
  if (known.length === 0) return null;
  return (
    <Group gap={6} aria-label={t('badges')}>
      {known.map((label) => (
        <Badge key={label} color={COLORS[label]} variant="light" size="sm">
          {t(`labels.${label}`)}
        </Badge>
      ))}
    </Group>
  );
}
