// The member's own profile picture (docs/product/profiles.md, "Profile picture"): upload replaces, remove
// goes back to the default. Used by the profile page and Manage Profile alike.

import { type AccountView, PROFILE_PICTURE_TYPES } from '@samaj/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from './api';
import { useErrorMessage } from './errors';
import { postsRoot, profileRoot } from './queryKeys';
import { currentUserQueryKey } from './session';

/**
 * Every screen showing the member's face learns the new picture: the account at once, and the
 * profile and every list of posts (their posts and comments carry the author's picture) refetch,
 * so their own posts do not keep the old face until a reload.
 */
export function pictureChanged(client: QueryClient, dp: string) {
  client.setQueryData<AccountView | null>(currentUserQueryKey, (me) =>
    me ? { ...me, prefs: { ...me.prefs, dp } } : me,
  );
  return Promise.all([
    client.invalidateQueries({ queryKey: profileRoot }),
    client.invalidateQueries({ queryKey: postsRoot }),
  ]);
}

/** Upload and removal with one busy flag; a failure only ends the busy state and says why. */
export function usePictureActions() {
  const { t } = useTranslation('common');
  const explain = useErrorMessage('common:picture.errors');
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<{ dp: string }>): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setError(null);
    try {
      const { dp } = await action();
      await pictureChanged(client, dp);
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
    if (file.type && !(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) {
      setError(t('picture.errors.storage_file_type_unsupported'));
      return Promise.resolve(false);
    }
    const body = new FormData();
    body.append('file', file);
    return run(() => api<{ dp: string }>('/api/account/picture', { body }));
  };

  const remove = () => run(() => api<{ dp: string }>('/api/account/picture', { method: 'DELETE' }));

  return { upload, remove, busy, error };
}
