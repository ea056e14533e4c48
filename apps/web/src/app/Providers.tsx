import './fonts.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// The theme's CSS variables and Mantine's global classes, as a file (scripts/themeCss.tsx): MantineProvider
// is told not to work them out and draw them into every page.
import './theme.css';

import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RenderedAt } from '../lib/clock';
import { i18n as appI18n } from '../lib/i18n';
import { COLOR_SCHEME } from './colorScheme';
import { ModalsHost, NotificationsHost } from './OnDemandHosts';
import { cssVariablesResolver, theme } from './theme';

/**
 * `i18n`: the server renders each page with an instance of its own in the reader's language;
 * `renderedAt`: when the server rendered the page being hydrated (lib/clock.ts).
 */
export function Providers({
  client,
  children,
  i18n = appI18n,
  renderedAt = null,
}: {
  client: QueryClient;
  children: ReactNode;
  i18n?: I18n;
  renderedAt?: number | null;
}) {
  return (
    <RenderedAt.Provider value={renderedAt}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <MantineProvider
            theme={theme}
            cssVariablesResolver={cssVariablesResolver}
            forceColorScheme={COLOR_SCHEME}
            withCssVariables={false}
            withGlobalClasses={false}
          >
            {children}
            <NotificationsHost />
            {/* Sibling, not wrapper: use the `modals` API (modals.openConfirmModal…), not useModals(). */}
            <ModalsHost />
          </MantineProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </RenderedAt.Provider>
  );
}
