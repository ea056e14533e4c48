import { Center, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../lib/head';
import { MemberOnly } from '../../accounts/components/MemberOnly';

// Interim page from the web shell; the live feature replaces it. The screen renders only once
// a signed-in user is known (SPEC §2).
export default function LiveEvent() {
  const { t } = useTranslation('events');
  const spinner = (
    <Center mih={240}>
      <Loader aria-label={t('live.title')} />
    </Center>
  );
  return (
    <Stack gap="md">
      <PageMeta title={t('live.title')} description={t('live.description')} />
      <Title order={1} className="samaj-sr-only">
        {t('live.title')}
      </Title>
      <MemberOnly loading={spinner}>{() => spinner}</MemberOnly>
    </Stack>
  );
}
