import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../lib/head';

/** SPEC §2: a placeholder that only says it works. */
export default function EventCreate() {
  const { t } = useTranslation('events');
  return (
    <>
      <PageMeta title={t('create.title')} description={t('create.description')} />
      <Text component="h1" size="lg">
        {t('create.works')}
      </Text>
    </>
  );
}
