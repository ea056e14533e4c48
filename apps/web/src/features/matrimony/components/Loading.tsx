import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A matrimony screen while its answer is on its way: the member's own state, or a profile. */
export function Loading({ text }: { text?: string }) {
  const { t } = useTranslation('matrimony');
  return (
    <Center mih={200}>
      <Stack align="center" role="status">
        <Loader aria-hidden />
        <Text>{text ?? t('loading')}</Text>
      </Stack>
    </Center>
  );
}
