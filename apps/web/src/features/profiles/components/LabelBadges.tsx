import { Badge, Group } from '@mantine/core';
import { type Label, normalizeLabels } from '@samaj/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<Label, string> = {
  Verified: 'blue',
  Founder: 'grape',
  Admin: 'red',
  Publisher: 'teal',
};

/**
 * Each badge's text, darker than the light variant's own (teal's #087f5b on #c3fae8 was 4.3:1, red's
 * 4.5:1: Lighthouse's colour-contrast failed a Publisher's profile): 4.9:1 or more on its background.
 */
const TEXT: Record<Label, string> = {
  Verified: '#1864ab',
  Founder: '#862e9c',
  Admin: '#b02525',
  Publisher: '#066649',
};

/** The member's role badges in the spec's order; nothing when there are none. */
export function LabelBadges({ labels }: { labels: readonly string[] }) {
  const { t } = useTranslation('profiles');
  const known = normalizeLabels(labels);
  if (known.length === 0) return null;
  return (
    <Group gap={6} aria-label={t('badges')}>
      {known.map((label) => (
        <Badge key={label} color={COLORS[label]} c={TEXT[label]} variant="light" size="sm">
          {t(`labels.${label}`)}
        </Badge>
      ))}
    </Group>
  );
}
