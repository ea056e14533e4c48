// A listing's family details as the server sent them to this viewer
// (docs/product/matrimony.md, "Family details"), read-only: the owner's acceptance of my request stands, or
// the server sent `null` and nothing shows. Choices are worded by core's labels in the reader's language;
// what was not given is left out.
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DIET_LABELS, type FamilyDetails, INCOME_LABELS, MANGLIK_LABELS, RASHI_LABELS } from '@samaj/core';
import { useTranslation } from 'react-i18next';

type Row = [key: string, value: string | number | null];

export function ProfileFamily({ family }: { family: FamilyDetails }) {
  const { t, i18n } = useTranslation('matrimony');
  const lang = i18n.language === 'en' ? 'en' : 'gu';
  const siblings = (married: number | null, unmarried: number | null) =>
    married === null && unmarried === null
      ? null
      : t('profilePage.family.siblingCounts', { married: married ?? 0, unmarried: unmarried ?? 0 });
  const rows: Row[] = [
    ['fatherName', family.fatherName],
    ['fatherOccupation', family.fatherOccupation],
    ['motherName', family.motherName],
    ['brothers', siblings(family.brothersMarried, family.brothersUnmarried)],
    ['sisters', siblings(family.sistersMarried, family.sistersUnmarried)],
    ['mosal', family.mosal],
    ['gam', family.gam],
    ['gotra', family.gotra],
    ['city', family.city],
    ['birthTime', family.birthTime],
    ['birthPlace', family.birthPlace],
    ['rashi', family.rashi && RASHI_LABELS[family.rashi][lang]],
    ['manglik', family.manglik && MANGLIK_LABELS[family.manglik][lang]],
    ['diet', family.diet && DIET_LABELS[family.diet][lang]],
    ['income', family.income && INCOME_LABELS[family.income][lang]],
  ];
  const shown = rows.filter(([, value]) => value !== null && value !== '');
  if (shown.length === 0) return null;
  const headingId = 'matrimony-profile-family';
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h5" id={headingId}>
        {t('profilePage.family.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" component="dl" m={0}>
        {shown.map(([key, value]) => (
          <Stack gap={0} key={key}>
            <Text size="xs" c="dimmed" component="dt">
              {t(`profilePage.family.${key}`)}
            </Text>
            <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
