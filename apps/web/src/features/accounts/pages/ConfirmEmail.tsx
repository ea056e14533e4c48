// /confirm-email?token=… (docs/product/accounts.md, "Email confirmation"): the link mailed after signup, by
// "send again", or to a new address from Manage Profile. Opening it confirms the address (a new one becomes
// the account's); the page works on any device, signed in or not. The confirmation is a write, so it is sent
// once the app has the page (never from the server's render).
import { Alert, Anchor, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { ERROR_TYPES, recoveryResetSchema } from '@samaj/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorParts, useErrorMessage } from '../../../lib/errors';
import { PageMeta } from '../../../lib/head';
import { useCurrentUser } from '../../../lib/session';
import { useConfirmEmail } from '../api/recovery';
import { ResendConfirmation } from '../components/ResendConfirmation';

export default function ConfirmEmail() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const wellFormed = recoveryResetSchema.shape.token.safeParse(token).success;
  return (
    <Stack maw={420} w="100%" mx="auto" py="md">
      <PageMeta title={t('confirm.title')} description={t('confirm.description')} />
      <Title order={1}>{t('confirm.title')}</Title>
      <Card padding="lg">{wellFormed ? <Confirming token={token} /> : <ConfirmProblem />}</Card>
    </Stack>
  );
}

function Confirming({ token }: { token: string }) {
  const { t } = useTranslation('accounts');
  const confirm = useConfirmEmail();
  const sent = useRef<string | null>(null);
  const { mutate } = confirm;
  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  if (confirm.data) {
    return (
      <Stack gap="sm">
        <Alert color="green" variant="light" role="status">
          {t('confirm.done', { email: confirm.data.email })}
        </Alert>
        <Button component={Link} to="/">
          {t('confirm.home')}
        </Button>
      </Stack>
    );
  }
  if (confirm.error) return <ConfirmProblem error={confirm.error} onRetry={() => mutate(token)} />;
  return (
    <Stack align="center" gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>{t('confirm.working')}</Text>
    </Stack>
  );
}

/** The link cannot be used (expired, used, cut or forged) or the server could not be reached. */
function ConfirmProblem({ error, onRetry }: { error?: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('accounts');
  const explain = useErrorMessage('accounts:confirm.errors');
  const { user } = useCurrentUser();
  const type = error ? errorParts(error).type : ERROR_TYPES.USER_TOKEN_INVALID;
  const linkProblem = type === ERROR_TYPES.USER_TOKEN_INVALID || type === ERROR_TYPES.USER_TOKEN_EXPIRED;
  return (
    <Stack gap="sm">
      <Alert color="red" variant="light" role="alert">
        {linkProblem
          ? type === ERROR_TYPES.USER_TOKEN_EXPIRED
            ? t('confirm.expired')
            : t('confirm.invalid')
          : explain(error)}
      </Alert>
      {linkProblem ? (
        user && user.emailVerified === false ? (
          <>
            <Text size="sm">{t('confirm.askAgainMember')}</Text>
            <ResendConfirmation />
          </>
        ) : user ? null : (
          <Text size="sm">
            {t('confirm.askAgainVisitor')}{' '}
            <Anchor component={Link} to="/login">
              {t('login')}
            </Anchor>
          </Text>
        )
      ) : (
        onRetry && (
          <Button variant="light" onClick={onRetry}>
            {t('confirm.retry')}
          </Button>
        )
      )}
    </Stack>
  );
}
