// The member's own profile picture (SPEC §4): upload replaces, remove goes back to the default.

import { type AccountView, DEFAULT_PICTURE_ID, ERROR_TYPES, type PreviewWidth } from '@samaj/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../lib/api';
import { currentUserQueryKey } from '../../accounts/api/useCurrentUser';

export const PICTURE_TYPES = ['image/jpeg', 'image/png'] as const;

export function previewUrl(id: string | null | undefined, width: PreviewWidth = 300): string {
  return `/api/files/${encodeURIComponent(id || DEFAULT_PICTURE_ID)}/preview?width=${width}`;
}

function savePicture(client: QueryClient, dp: string) {
  client.setQueryData<AccountView | null>(currentUserQueryKey, (me) =>
    me ? { ...me, prefs: { ...me.prefs, dp } } : me,
  );
  return client.invalidateQueries({ queryKey: ['profile'] });
}

/** Upload and removal with one busy flag; a failure only ends the busy state and says why. */
export function usePictureActions() {
  const { t } = useTranslation('profiles');
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const explain = (err: unknown) => {
    const type = err instanceof ApiError ? err.type : '';
    if (type === ERROR_TYPES.STORAGE_FILE_TYPE_UNSUPPORTED) return t('picture.wrongType');
    if (type === ERROR_TYPES.STORAGE_FILE_TOO_LARGE) return t('picture.tooLarge');
    return t('picture.failed');
  };

  const run = async (action: () => Promise<{ dp: string }>): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setError(null);
    try {
      const { dp } = await action();
      await savePicture(client, dp);
      return true;
    } catch (err) {
      setError(explain(err));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const upload = (file: File | null) => {
    if (!file) return Promise.resolve(false);
    // The server sniffs the bytes anyway; this only saves a pointless upload.
    if (file.type && !(PICTURE_TYPES as readonly string[]).includes(file.type)) {
      setError(t('picture.wrongType'));
      return Promise.resolve(false);
    }
    const body = new FormData();
    body.append('file', file);
    return run(() => api<{ dp: string }>('/api/account/picture', { body }));
  };

  const remove = () => run(() => api<{ dp: string }>('/api/account/picture', { method: 'DELETE' }));

  return { upload, remove, busy, error };
}
