import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { type LoginInput, loginSchema, safeForward } from '@samaj/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { Redirect } from '../../../components/Redirect';
import { useErrorMessage } from '../../../lib/errors';
import { PageMeta } from '../../../lib/head';
import { useCurrentUser } from '../../../lib/session';
import { login } from '../api/session';

export default function Login() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const rawForward = params.get('forward');
  const forward = safeForward(rawForward);
  const { user } = useCurrentUser();
  const client = useQueryClient();
  // docs/product/accounts.md, "Login": blocked, wrong credentials, anything else; plus how long to wait when
  // limited.
  const explain = useErrorMessage('accounts:login_errors');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const values = useWatch({ control: form.control });
  const valid = loginSchema.safeParse(values).success;

  if (user) return <Redirect to={forward} replace />;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      // The cache now holds the member, so this page re-renders into <Redirect to={forward} />: one
      // navigation only (a second one here raced the profile page's own redirect).
      await login(client, email, password);
    } catch (err) {
      setError(explain(err));
      setBusy(false);
    }
  });

  const signupLink = rawForward ? `/signup?forward=${encodeURIComponent(forward)}` : '/signup';
  return (
    <Stack maw={420} w="100%" mx="auto" py="md">
      <PageMeta title={t('loginPage.title')} description={t('loginPage.description')} />
      <Title order={1}>{t('loginPage.title')}</Title>
      <Card padding="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <FormError message={error} />
            <FormField form={form} name="email" label={t('loginPage.email')} kind="email" required />
            <FormField
              form={form}
              name="password"
              kind="password"
              label={t('loginPage.password')}
              autoComplete="current-password"
              required
            />
            <Button type="submit" disabled={!valid || busy} loading={busy}>
              {t('loginPage.submit')}
            </Button>
            <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
              {t('loginPage.forgot')}
            </Anchor>
          </Stack>
        </form>
      </Card>
      <Text ta="center">
        {t('loginPage.noAccount')}{' '}
        <Anchor component={Link} to={signupLink}>
          {t('createAccount')}
        </Anchor>
      </Text>
    </Stack>
  );
}
