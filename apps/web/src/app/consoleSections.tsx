// The staff console's sections, in tab order: AdminHome renders a tab and a nested route per
// entry. Composed here, beside the routes, because the entries come from several features.
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

export const consoleSections: AdminSection[] = [
  {
    path: 'posts',
    labelKey: 'sections.posts',
    icon: IconListCheck,
    Component: lazy(() => import('../features/admin/components/PostQueue')),
    countKey: 'posts',
  },
  {
    path: 'reports',
    labelKey: 'sections.reports',
    icon: IconFlag,
    Component: lazy(() => import('../features/admin/components/ReportsQueue')),
    countKey: 'reports',
  },
  {
    path: 'publishers',
    labelKey: 'sections.publishers',
    icon: IconSpeakerphone,
    Component: lazy(() => import('../features/admin/components/PublisherApplications')),
    countKey: 'publisherRequests',
  },
  {
    path: 'matrimony',
    labelKey: 'sections.matrimony',
    icon: IconHeartHandshake,
    Component: lazy(() =>
      withNamespace('matrimony', import('../features/matrimony/admin/MatrimonyVerification')),
    ),
    countKey: 'matrimonyProfiles',
  },
  {
    path: 'matrimony-reports',
    labelKey: 'sections.matrimonyReports',
    icon: IconFlag,
    Component: lazy(() => withNamespace('matrimony', import('../features/matrimony/admin/MatrimonyReports'))),
    countKey: 'matrimonyReports',
  },
  {
    path: 'surnames',
    labelKey: 'sections.surnames',
    icon: IconId,
    Component: lazy(() => withNamespace('surnames', import('../features/surnames/admin/SurnameReview'))),
    countKey: 'surnameSubmissions',
  },
  {
    path: 'carousel',
    labelKey: 'sections.carousel',
    icon: IconPhoto,
    Component: lazy(() => withNamespace('tools', import('../features/tools/admin/CarouselEditor'))),
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
  },
];

/** A section from another feature arrives with that feature's translations, like a page does. */
async function withNamespace<M>(namespace: string, module: Promise<M>): Promise<M> {
  const [loaded] = await Promise.all([module, loadNamespace(namespace)]);
  return loaded;
}
