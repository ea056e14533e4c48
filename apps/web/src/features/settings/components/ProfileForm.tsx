import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import {
  type AccountView,
  ERROR_TYPES,
  GENDERS,
  MARITAL_STATUSES,
  type ManageProfileInput,
  manageProfileSchema,
} from '@samaj/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../lib/api';
import { currentUserQueryKey } from '../../accounts/api/useCurrentUser';
import { FormError } from '../../accounts/components/FormError';
import { PasswordField } from '../../accounts/components/PasswordField';
import { useFieldError } from '../../accounts/lib/messages';
import { profileQueryKey } from '../../profiles/api/useProfile';

function formValues(user: AccountView): ManageProfileInput {
  return {
    name: user.name,
    email: user.email,
    dob: user.prefs.dob ?? '',
    gender: user.prefs.gender ?? '',
    marital_status: user.prefs.marital_status ?? '',
    currentPassword: '',
    newPassword: '',
  };
}

/** Name, email, birthday, gender, marital status and password (SPEC §2 Manage Profile). */
export function ProfileForm({ user }: { user: AccountView }) {
  const { t } = useTranslation('settings');
  const client = useQueryClient();
  const fieldError = useFieldError();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors },
  } = useForm<ManageProfileInput>({
    resolver: zodResolver(manageProfileSchema),
    mode: 'onTouched',
    defaultValues: formValues(user),
  });

  const explain = (err: unknown) => {
    if (!(err instanceof ApiError)) return t('manage.errors.failed');
    if (err.type === ERROR_TYPES.USER_INVALID_CREDENTIALS) return t('manage.errors.wrongCurrentPassword');
    if (err.type === ERROR_TYPES.USER_ALREADY_EXISTS) return t('manage.errors.emailTaken');
    if (err.type === ERROR_TYPES.USER_EMAIL_INVALID) return fieldError('Invalid Email') ?? err.message;
    if (err.type === ERROR_TYPES.GENERAL_RATE_LIMIT_EXCEEDED) return t('manage.errors.tooMany');
    return t('manage.errors.failed');
  };

  const onSubmit = handleSubmit(async (values) => {
    if (busy) return;
    const emailChanges = values.email.trim().toLowerCase() !== user.email.toLowerCase();
    // The server asks for it too; saying so here saves a round trip.
    if (emailChanges && !values.currentPassword) {
      setFieldError('currentPassword', { message: t('manage.currentPasswordForEmail') });
      return;
    }
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const { user: updated } = await api<{ user: AccountView }>('/api/account', {
        method: 'PATCH',
        body: {
          ...values,
          currentPassword: values.currentPassword || undefined,
          newPassword: values.newPassword || undefined,
        },
      });
      client.setQueryData(currentUserQueryKey, updated);
      await client.invalidateQueries({ queryKey: profileQueryKey(updated.id) });
      reset(formValues(updated));
      setSaved(true);
    } catch (err) {
      setError(explain(err));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormError message={error} />
        {saved && (
          <Alert color="green" role="status" variant="light">
            {t('manage.saved')}
          </Alert>
        )}
        <TextInput
          label={t('manage.name')}
          autoComplete="name"
          required
          error={fieldError(errors.name?.message)}
          {...register('name')}
        />
        <TextInput
          label={t('manage.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          error={fieldError(errors.email?.message)}
          {...register('email')}
        />
        <TextInput
          label={t('manage.dob')}
          type="date"
          max={new Date().toISOString().slice(0, 10)}
          error={fieldError(errors.dob?.message ?? undefined)}
          {...register('dob')}
        />
        <Controller
          control={control}
          name="gender"
          render={({ field }) => (
            <Radio.Group label={t('manage.gender')} value={field.value ?? ''} onChange={field.onChange}>
              <Group mt={6}>
                {GENDERS.map((g) => (
                  <Radio key={g} value={g} label={t(`manage.genders.${g}`)} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <Controller
          control={control}
          name="marital_status"
          render={({ field }) => (
            <Radio.Group
              label={t('manage.maritalStatus')}
              value={field.value ?? ''}
              onChange={field.onChange}
            >
              <Group mt={6}>
                {MARITAL_STATUSES.map((m) => (
                  <Radio key={m} value={m} label={t(`manage.maritalStatuses.${m}`)} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <PasswordField
          label={t('manage.currentPassword')}
          description={t('manage.currentPasswordHint')}
          autoComplete="current-password"
          error={fieldError(errors.currentPassword?.message)}
          {...register('currentPassword')}
        />
        <PasswordField
          label={t('manage.newPassword')}
          description={t('manage.newPasswordHint')}
          autoComplete="new-password"
          error={fieldError(errors.newPassword?.message)}
          {...register('newPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={busy}>
            {busy ? t('manage.pleaseWait') : t('manage.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
