import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A read that failed, announced to screen readers, with a button that tries it again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => unknown }) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => onRetry()}>
          {t('list.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
