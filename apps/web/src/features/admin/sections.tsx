// The staff console's sections, one entry each: AdminHome renders a tab and a nested route per
// entry, in this order. A feature with its own staff queue (surnames, matrimony, ...) adds one line
// here and keeps its component in its own folder.

import type { StaffSummary } from '@samaj/core';
import {
  IconFlag,
  IconHistory,
  IconId,
  IconListCheck,
  IconSpeakerphone,
  type TablerIcon,
} from '@tabler/icons-react';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface AdminSection {
  /** Path under /admin, e.g. 'posts' → /admin/posts. */
  path: string;
  /** Key in the `admin` namespace for the tab's name. */
  labelKey: string;
  icon: TablerIcon;
  Component: LazyExoticComponent<ComponentType>;
  /** Which count of GET /api/admin/summary this section works down, shown on its tab. */
  countKey?: keyof StaffSummary;
}

export const sections: AdminSection[] = [
  {
    path: 'posts',
    labelKey: 'sections.posts',
    icon: IconListCheck,
    Component: lazy(() => import('./components/PostQueue')),
    countKey: 'posts',
  },
  {
    path: 'reports',
    labelKey: 'sections.reports',
    icon: IconFlag,
    Component: lazy(() => import('./components/ReportsQueue')),
    countKey: 'reports',
  },
  {
    path: 'publishers',
    labelKey: 'sections.publishers',
    icon: IconSpeakerphone,
    Component: lazy(() => import('./components/PublisherApplications')),
    countKey: 'publisherRequests',
  },
  {
    path: 'surnames',
    labelKey: 'surnames:review.title',
    icon: IconId,
    Component: lazy(() => import('../surnames/admin/SurnameReview')),
    countKey: 'surnameSubmissions',
  },
  {
    path: 'audit',
    labelKey: 'sections.audit',
    icon: IconHistory,
    Component: lazy(() => import('./components/AuditLog')),
  },
];
