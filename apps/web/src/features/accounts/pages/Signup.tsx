import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { SIGNUP_STEP_SCHEMAS, SIGNUP_STEPS, type SignupFormInput, safeForward } from '@samaj/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { Redirect } from '../../../components/Redirect';
import { useErrorMessage, useFieldError } from '../../../lib/errors';
import { PageMeta } from '../../../lib/head';
import { useCurrentUser } from '../../../lib/session';
import { signup } from '../api/session';
import { SurnameStep } from '../components/SurnameStep';

const EMPTY: SignupFormInput = {
  surname: '',
  name: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/** Drops every whitespace character: the spec blocks spaces in the username, pasted ones too. */
function withoutSpaces(event: ChangeEvent<HTMLInputElement>) {
  const input = event.target;
  const cleaned = input.value.replace(/\s/g, '');
  if (cleaned !== input.value) {
    const caret = (input.selectionStart ?? cleaned.length) - (input.value.length - cleaned.length);
    input.value = cleaned;
    input.setSelectionRange(Math.max(0, caret), Math.max(0, caret));
  }
}

export default function Signup() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const forward = safeForward(params.get('forward'));
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const fieldError = useFieldError();
  // docs/product/accounts.md, "Signup": already exists, an invalid email (type or the email field), anything
  // else.
  const explain = useErrorMessage('accounts:signup_errors');
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The resolver validates only the step on screen; raw keeps the other steps' values intact.
  const stepRef = useRef(0);
  stepRef.current = step;
  const resolver: Resolver<SignupFormInput> = (values, context, options) =>
    zodResolver(SIGNUP_STEP_SCHEMAS[stepRef.current] as (typeof SIGNUP_STEP_SCHEMAS)[0], undefined, {
      raw: true,
    })(values, context, options as never) as ReturnType<Resolver<SignupFormInput>>;
  const form = useForm<SignupFormInput>({ resolver, mode: 'onTouched', defaultValues: EMPTY });
  const { control, getValues } = form;
  const values = useWatch({ control });
  const stepValid = SIGNUP_STEP_SCHEMAS[step].safeParse(values).success;
  const last = step === SIGNUP_STEPS - 1;

  if (user) return <Redirect to={forward} replace />;

  const create = async () => {
    const { surname, name, username, email, password } = getValues();
    setBusy(true);
    setError(null);
    try {
      // The cache now holds the new member, so this page re-renders into <Redirect to={forward} />.
      await signup(client, { surname, name, username, email, password });
    } catch (err) {
      setError(explain(err));
    } finally {
      // The loading state resets after each error.
      setBusy(false);
    }
  };

  // Next and Create Account are the same submit button, so Enter in any field moves on too.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!stepValid || busy) return;
    if (last) void create();
    else {
      setError(null);
      setStep(step + 1);
    }
  };

  const blockSpace = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === ' ') event.preventDefault();
  };

  return (
    <Stack maw={560} w="100%" mx="auto" py="md">
      <PageMeta title={t('signupPage.title')} description={t('signupPage.description')} />
      <Title order={1}>{t('signupPage.title')}</Title>
      <Text c="dimmed" aria-live="polite">
        {t('signupPage.step', { n: step + 1, total: SIGNUP_STEPS })}
      </Text>
      <Card padding="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <FormError message={error} />
            {step === 0 && (
              <Controller
                control={control}
                name="surname"
                render={({ field, fieldState }) => (
                  <SurnameStep
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldError(fieldState.error?.message)}
                  />
                )}
              />
            )}
            {step === 1 && (
              <>
                <FormField
                  form={form}
                  name="name"
                  label={t('signupPage.name')}
                  autoComplete="name"
                  required
                />
                <FormField
                  form={form}
                  name="username"
                  label={t('signupPage.username')}
                  description={t('signupPage.usernameHint')}
                  leftSection="@"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  required
                  onKeyDown={blockSpace}
                  onChange={withoutSpaces}
                />
                <FormField form={form} name="email" label={t('signupPage.email')} kind="email" required />
              </>
            )}
            {step === 2 && (
              <>
                <FormField
                  form={form}
                  name="password"
                  kind="password"
                  label={t('signupPage.password')}
                  autoComplete="new-password"
                  required
                />
                <FormField
                  form={form}
                  name="confirmPassword"
                  kind="password"
                  label={t('signupPage.confirmPassword')}
                  autoComplete="new-password"
                  required
                />
              </>
            )}
            <Group justify={step > 0 ? 'space-between' : 'flex-end'}>
              {step > 0 && (
                <Button
                  type="button"
                  variant="default"
                  disabled={busy}
                  onClick={() => {
                    setError(null);
                    setStep(step - 1);
                  }}
                >
                  {t('signupPage.previous')}
                </Button>
              )}
              <Button type="submit" disabled={!stepValid || busy}>
                {last ? (busy ? t('signupPage.pleaseWait') : t('signupPage.create')) : t('signupPage.next')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {step === 0 && (
        <Anchor
          component={Link}
          to={params.get('forward') ? `/login?forward=${encodeURIComponent(forward)}` : '/login'}
          ta="center"
        >
          {t('signupPage.alreadyHaveAccount')}
        </Anchor>
      )}
    </Stack>
  );
}
