// /reset-password?token=… (docs/product/accounts.md, "Password recovery by mail"): the link from "Forgot
// password?" or from the staff. A new password twice (core's rules); on success every other session of the
// member has ended and this device is signed in, so the member lands on the home page. A link that is
// expired, used or not one of ours says so and offers to ask again.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import {
  ERROR_TYPES,
  type RecoveryResetFormInput,
  recoveryResetFormSchema,
  recoveryResetSchema,
} from '@samaj/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { errorParts, useErrorMessage } from '../../../lib/errors';
import { PageMeta } from '../../../lib/head';
import { useResetPassword } from '../api/recovery';

const TOKEN_TYPES: ReadonlySet<string> = new Set([
  ERROR_TYPES.USER_TOKEN_INVALID,
  ERROR_TYPES.USER_TOKEN_EXPIRED,
]);

export default function ResetPassword() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // A token the server would refuse unread (missing, cut, odd characters) is refused here at once.
  const wellFormed = recoveryResetSchema.shape.token.safeParse(token).success;
  return (
    <Stack maw={420} w="100%" mx="auto" py="md">
      <PageMeta title={t('reset.title')} description={t('reset.description')} />
      <Title order={1}>{t('reset.title')}</Title>
      {wellFormed ? <ResetForm token={token} /> : <LinkProblem expired={false} />}
    </Stack>
  );
}

/** The link cannot be used: why, and the way to ask for a new one. */
function LinkProblem({ expired }: { expired: boolean }) {
  const { t } = useTranslation('accounts');
  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Alert color="red" variant="light" role="alert" title={t('reset.badLinkTitle')}>
          {expired ? t('reset.expired') : t('reset.invalid')}
        </Alert>
        <Button component={Link} to="/forgot-password">
          {t('reset.askAgain')}
        </Button>
      </Stack>
    </Card>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const explain = useErrorMessage('accounts:reset.errors');
  const form = useForm<RecoveryResetFormInput>({
    resolver: zodResolver(recoveryResetFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const values = useWatch({ control: form.control });
  const valid = recoveryResetFormSchema.safeParse(values).success;

  const failure = reset.error ? errorParts(reset.error) : null;
  if (failure && TOKEN_TYPES.has(failure.type)) {
    return <LinkProblem expired={failure.type === ERROR_TYPES.USER_TOKEN_EXPIRED} />;
  }

  const onSubmit = form.handleSubmit(({ password }) => {
    if (reset.isPending) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: () => navigate('/', { replace: true }),
        onError: (error) => {
          // A password the server refuses (its rules are core's too, so rarely): under the field.
          const { field } = errorParts(error);
          if (field === 'password') form.setError('password', { message: explain(error) });
        },
      },
    );
  });

  return (
    <Card padding="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text>{t('reset.intro')}</Text>
          <FormError message={reset.error && failure?.field !== 'password' ? explain(reset.error) : null} />
          <FormField
            form={form}
            name="password"
            kind="password"
            label={t('reset.password')}
            autoComplete="new-password"
            required
          />
          <FormField
            form={form}
            name="confirmPassword"
            kind="password"
            label={t('reset.confirmPassword')}
            autoComplete="new-password"
            required
          />
          <Button type="submit" disabled={!valid || reset.isPending} loading={reset.isPending}>
            {t('reset.submit')}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              {t('recovery.backToLogin')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
