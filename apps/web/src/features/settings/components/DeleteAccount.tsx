import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/FormError';
import { PasswordField } from '../../../components/PasswordField';
import { api } from '../../../lib/api';
import { useErrorMessage } from '../../../lib/errors';
import { useKeepTyped } from '../../../lib/keepTyped';
import { forgetSession } from '../../../lib/session';

/** Account deletion: the password again, then an explicit confirmation (DPDP Act erasure). */
export function DeleteAccount() {
  const { t } = useTranslation('settings');
  const client = useQueryClient();
  const navigate = useNavigate();
  const explain = useErrorMessage('settings:privacyPage.delete.errors');
  const [password, setPassword] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useKeepTyped(field, setPassword);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (password) setConfirming(true);
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await api('/api/account', { method: 'DELETE', body: { password } });
      forgetSession(client);
      navigate('/login', { replace: true });
    } catch (err) {
      setConfirming(false);
      setBusy(false);
      setError(explain(err));
    }
  };

  return (
    <form onSubmit={ask} noValidate>
      <Stack gap="sm">
        <Text>{t('privacyPage.delete.explain')}</Text>
        <FormError message={error} />
        <PasswordField
          ref={field}
          label={t('privacyPage.delete.password')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" color="red" variant="outline" disabled={!password || busy}>
            {t('privacyPage.delete.button')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => !busy && setConfirming(false)}
        title={t('privacyPage.delete.confirmTitle')}
        centered
      >
        <Stack>
          <Text>{t('privacyPage.delete.confirmText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
              {t('privacyPage.delete.cancel')}
            </Button>
            <Button color="red" onClick={() => void remove()} loading={busy}>
              {t('privacyPage.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
