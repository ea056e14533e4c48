import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/errors';
import { useResendConfirmation } from '../api/recovery';

/**
 * "Send again": the confirmation mail for the member's address, once more; says when it went
 * (`compact`: in a word, for the notice's one line).
 */
export function ResendConfirmation({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('accounts');
  const resend = useResendConfirmation();
  const explain = useErrorMessage('accounts:confirm.errors');
  if (resend.isSuccess) {
    return (
      <Text size="sm" role="status">
        {compact ? t('confirm.resentShort') : t('confirm.resent')}
      </Text>
    );
  }
  return (
    <>
      <Button
        size={compact ? 'compact-sm' : 'sm'}
        variant="light"
        onClick={() => resend.mutate()}
        loading={resend.isPending}
        disabled={resend.isPending}
      >
        {t('confirm.sendAgain')}
      </Button>
      {resend.error && (
        <Text size="sm" c="red.8" role="alert">
          {explain(resend.error)}
        </Text>
      )}
    </>
  );
}
