import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The matrimony page while the member's own state is on its way. */
export function Loading() {
  const { t } = useTranslation('matrimony');
  return (
    <Center mih={200}>
      <Stack align="center" role="status">
        <Loader aria-hidden />
        <Text>{t('loading')}</Text>
      </Stack>
    </Center>
  );
}
