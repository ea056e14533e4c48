// Per-kind notification settings (GET/PUT /api/push/settings). A switch flips at once and is put
// back if the server refuses.
import type { NotificationKind, NotificationSettingsView } from '@samaj/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const notificationSettingsKey = ['push', 'settings'] as const;

export const notificationSettingsQuery = queryOptions({
  queryKey: notificationSettingsKey,
  queryFn: ({ signal }) => api<NotificationSettingsView>('/api/push/settings', { signal }),
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery);
}

export function useSetNotificationKind() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, on }: { kind: NotificationKind; on: boolean }) =>
      api<NotificationSettingsView>('/api/push/settings', { method: 'PUT', body: { [kind]: on } }),
    onMutate: async ({ kind, on }) => {
      await client.cancelQueries({ queryKey: notificationSettingsKey });
      const previous = client.getQueryData<NotificationSettingsView>(notificationSettingsKey);
      if (previous) {
        client.setQueryData<NotificationSettingsView>(notificationSettingsKey, {
          kinds: { ...previous.kinds, [kind]: on },
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) client.setQueryData(notificationSettingsKey, context.previous);
    },
    onSuccess: (settings) => client.setQueryData(notificationSettingsKey, settings),
  });
}
