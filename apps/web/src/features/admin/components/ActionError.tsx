import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A decision that did not go through (network, or another admin was quicker). */
export function ActionError() {
  const { t } = useTranslation('admin');
  return (
    <Alert color="red" variant="light" role="alert" py="xs">
      {t('actionFailed')}
    </Alert>
  );
}
