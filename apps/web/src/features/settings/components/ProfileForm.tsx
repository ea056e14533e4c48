import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Radio, Stack } from '@mantine/core';
import {
  type AccountView,
  BIRTH_DATE_MAX_AGE,
  dobBounds,
  GENDERS,
  MARITAL_STATUSES,
  type ManageProfileInput,
  manageProfileSchema,
} from '@samaj/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { api } from '../../../lib/api';
import { useErrorMessage } from '../../../lib/errors';
import { profileQueryKey } from '../../../lib/queryKeys';
import { currentUserQueryKey } from '../../../lib/session';

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

/**
 * Name, email, birthday, gender, marital status and password (docs/product/accounts.md, "Manage Profile").
 */
export function ProfileForm({ user }: { user: AccountView }) {
  const { t } = useTranslation('settings');
  const client = useQueryClient();
  // A wrong current password, a taken email, too many tries: the server's type says which.
  const explain = useErrorMessage('settings:manage.errors');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // With mail on, a new address applies only once the link mailed to it is opened
  // (docs/product/accounts.md, "Email confirmation").
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const form = useForm<ManageProfileInput>({
    resolver: zodResolver(manageProfileSchema),
    mode: 'onTouched',
    defaultValues: formValues(user),
  });
  const { control, handleSubmit, reset, setError: setFieldError } = form;

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
    setPendingEmail(null);
    try {
      const { user: updated, pendingEmail: pending } = await api<{
        user: AccountView;
        pendingEmail?: string;
      }>('/api/account', {
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
      setPendingEmail(pending ?? null);
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
        {pendingEmail && (
          <Alert color="blue" role="status" variant="light" title={t('manage.pendingEmailTitle')}>
            {t('manage.pendingEmail', { email: pendingEmail, current: user.email })}
          </Alert>
        )}
        <FormField form={form} name="name" label={t('manage.name')} autoComplete="name" required />
        <FormField form={form} name="email" label={t('manage.email')} kind="email" required />
        <FormField
          form={form}
          name="dob"
          label={t('manage.dob')}
          type="date"
          min={
            dobBounds(null, BIRTH_DATE_MAX_AGE, new Date().toISOString().slice(0, 10)).earliest ?? undefined
          }
          max={new Date().toISOString().slice(0, 10)}
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
        <FormField
          form={form}
          name="currentPassword"
          kind="password"
          label={t('manage.currentPassword')}
          description={t('manage.currentPasswordHint')}
          autoComplete="current-password"
        />
        <FormField
          form={form}
          name="newPassword"
          kind="password"
          label={t('manage.newPassword')}
          description={t('manage.newPasswordHint')}
          autoComplete="new-password"
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
