// The staff console's sections, in tab order: AdminHome renders a tab and a nested route per
// entry. Composed here, beside the routes, because the entries come from several features.

import { hasLabel } from '@samaj/core';
import {
  IconFlag,
  IconHeartHandshake,
  IconHistory,
  IconId,
  IconKey,
  IconListCheck,
  IconPhoto,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { lazy } from 'react';
import type { AdminSection } from '../features/admin/sections';
import { loadNamespace } from '../lib/i18n';
import { currentUserQuery } from '../lib/session';
import type { PageData } from './pageData';

export const consoleSections: AdminSection[] = [
  {
    path: 'posts',
    labelKey: 'sections.posts',
    icon: IconListCheck,
    Component: lazy(() => import('../features/admin/components/PostQueue')),
    countKey: 'posts',
    data: async (client) =>
      client.prefetchInfiniteQuery((await import('../features/admin/api/queues')).postQueueQuery),
  },
  {
    path: 'reports',
    labelKey: 'sections.reports',
    icon: IconFlag,
    Component: lazy(() => import('../features/admin/components/ReportsQueue')),
    countKey: 'reports',
    data: async (client) =>
      client.prefetchInfiniteQuery((await import('../features/admin/api/queues')).reportsQueueQuery),
  },
  {
    path: 'publishers',
    labelKey: 'sections.publishers',
    icon: IconSpeakerphone,
    Component: lazy(() => import('../features/admin/components/PublisherApplications')),
    countKey: 'publisherRequests',
    data: async (client) =>
      client.prefetchInfiniteQuery((await import('../features/admin/api/queues')).publisherQueueQuery),
  },
  {
    path: 'matrimony',
    labelKey: 'sections.matrimony',
    icon: IconHeartHandshake,
    Component: lazy(() =>
      withNamespace('matrimony', import('../features/matrimony/admin/MatrimonyVerification')),
    ),
    countKey: 'matrimonyProfiles',
    data: async (client) =>
      client.prefetchInfiniteQuery(
        (await import('../features/matrimony/api/staff')).staffProfilesQuery('requested'),
      ),
  },
  {
    path: 'matrimony-reports',
    labelKey: 'sections.matrimonyReports',
    icon: IconFlag,
    Component: lazy(() => withNamespace('matrimony', import('../features/matrimony/admin/MatrimonyReports'))),
    countKey: 'matrimonyReports',
    data: async (client) =>
      client.prefetchInfiniteQuery((await import('../features/matrimony/api/staff')).staffReportsQuery),
  },
  {
    path: 'surnames',
    labelKey: 'sections.surnames',
    icon: IconId,
    Component: lazy(() => withNamespace('surnames', import('../features/surnames/admin/SurnameReview'))),
    countKey: 'surnameSubmissions',
    data: async (client) =>
      client.prefetchInfiniteQuery((await import('../features/surnames/api/review')).reviewQueueQuery),
  },
  {
    path: 'carousel',
    labelKey: 'sections.carousel',
    icon: IconPhoto,
    Component: lazy(() => withNamespace('tools', import('../features/tools/admin/CarouselEditor'))),
    data: async (client) => client.prefetchQuery((await import('../features/tools/api/slides')).slidesQuery),
  },
  {
    path: 'members',
    labelKey: 'sections.members',
    icon: IconKey,
    Component: lazy(() => withNamespace('accounts', import('../features/accounts/admin/MemberAccess'))),
  },
  {
    path: 'audit',
    labelKey: 'sections.audit',
    icon: IconHistory,
    Component: lazy(() => import('../features/admin/components/AuditLog')),
    data: async (client) => {
      const { auditLogQuery, NO_AUDIT_FILTER } = await import('../features/admin/api/queues');
      return client.prefetchInfiniteQuery(auditLogQuery(NO_AUDIT_FILTER));
    },
  },
];

/** What the console's open section reads (`/admin/<section>`), for staff: its route's page data. */
export const consoleData: PageData = async ({ client, params }) => {
  const opened = consoleSections.find((section) => section.path === params['*']?.split('/')[0]);
  if (!opened?.data || !hasLabel((await client.ensureQueryData(currentUserQuery))?.labels, 'Admin')) return;
  await opened.data(client);
};

/** A section from another feature arrives with that feature's translations, like a page does. */
async function withNamespace<M>(namespace: string, module: Promise<M>): Promise<M> {
  const [loaded] = await Promise.all([module, loadNamespace(namespace)]);
  return loaded;
}
