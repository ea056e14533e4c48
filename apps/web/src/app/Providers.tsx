import './fonts.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { COLOR_SCHEME } from './colorScheme';
import { ModalsHost, NotificationsHost } from './OnDemandHosts';
import { cssVariablesResolver, theme } from './theme';

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          forceColorScheme={COLOR_SCHEME}
        >
          {children}
          <NotificationsHost />
          {/* Sibling, not wrapper: use the `modals` API (modals.openConfirmModal…), not useModals(). */}
          <ModalsHost />
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
