import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { ERROR_TYPES, type LoginInput, loginErrorMessage, loginSchema, safeForward } from '@samaj/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { PageMeta } from '../../../lib/head';
import { login } from '../api/session';
import { useCurrentUser } from '../api/useCurrentUser';
import { FormError } from '../components/FormError';
import { PasswordField } from '../components/PasswordField';
import { useCatalogueMessage, useFieldError } from '../lib/messages';

export default function Login() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const rawForward = params.get('forward');
  const forward = safeForward(rawForward);
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const fieldError = useFieldError();
  const catalogue = useCatalogueMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const values = useWatch({ control });
  const valid = loginSchema.safeParse(values).success;

  if (user) return <Navigate to={forward} replace />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      // The cache now holds the member, so this page re-renders into <Navigate to={forward} />: one
      // navigation only (a second one here raced the profile page's own redirect).
      await login(client, email, password);
    } catch (err) {
      const type = err instanceof ApiError ? err.type : null;
      // Being told to wait is more useful than "something went wrong" (the server says how long).
      setError(
        type === ERROR_TYPES.GENERAL_RATE_LIMIT_EXCEEDED
          ? t('loginPage.tooManyAttempts')
          : catalogue(loginErrorMessage(type)),
      );
      setBusy(false);
    }
  });

  const signupLink = rawForward ? `/signup?forward=${encodeURIComponent(forward)}` : '/signup';
  return (
    <Stack maw={420} w="100%" mx="auto" py="md">
      <PageMeta title={t('loginPage.title')} description={t('loginPage.description')} />
      <Title order={1}>{t('loginPage.title')}</Title>
      <Card withBorder padding="lg" radius="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <FormError message={error} />
            <TextInput
              label={t('loginPage.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              error={fieldError(errors.email?.message)}
              {...register('email')}
            />
            <PasswordField
              label={t('loginPage.password')}
              autoComplete="current-password"
              required
              error={fieldError(errors.password?.message)}
              {...register('password')}
            />
            <Button type="submit" disabled={!valid || busy} loading={busy}>
              {t('loginPage.submit')}
            </Button>
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
