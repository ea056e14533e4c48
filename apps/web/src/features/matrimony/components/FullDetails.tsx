// The rest of a match's profile once they accepted my request
// (docs/product/matrimony.md, "Full-profile requests": accepting shows the requester the full profile):
// physical attributes and partner expectation, read from GET /matrimony/profiles/:id. Phone and address come
// with the match card itself, only while the acceptance stands.
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFullProfile } from '../api/matrimony';

export function FullDetails({ id }: { id: string }) {
  const { t } = useTranslation('matrimony');
  const query = useFullProfile(id);
  // Sent only while the owner's acceptance stands (the card already shows the rest).
  const profile = query.data?.details;
  if (!profile) return null;
  const rows: Array<[string, string | number | null]> = [
    [t('form.attributes.height'), profile.height ? `${profile.height} cm` : null],
    [t('form.attributes.weight'), profile.weight ? `${profile.weight} kg` : null],
    [t('form.attributes.complexion'), profile.complexion],
    [t('form.attributes.eye_color'), profile.eye_color],
    [t('form.attributes.hair_color'), profile.hair_color],
    [t('form.attributes.blood_group'), profile.blood_group],
    [t('form.attributes.disability'), profile.disability],
  ];
  const shown = rows.filter(([, value]) => value !== null && value !== '');
  return (
    <Stack gap="xs" aria-label={t('card.details')} component="section">
      {shown.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          {shown.map(([label, value]) => (
            <Stack gap={0} key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="sm">{value}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {t('form.attributes.expectationTitle')}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {profile.expectation}
        </Text>
      </Stack>
    </Stack>
  );
}
