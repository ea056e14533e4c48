// What one section of the staff console is. The list itself is composed in app/consoleSections.tsx,
// where each feature with a staff screen (posts, surnames, the carousel ...) adds one entry and
// keeps its component in its own folder, so the console never imports another feature.

import type { StaffSummary } from '@samaj/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, LazyExoticComponent } from 'react';

export interface AdminSection {
  /** Path under /admin, e.g. 'posts' → /admin/posts. */
  path: string;
  /** Key in the `admin` namespace for the tab's name (always loaded with the console). */
  labelKey: string;
  icon: TablerIcon;
  Component: LazyExoticComponent<ComponentType>;
  /** Which count of GET /api/admin/summary this section works down, shown on its tab. */
  countKey?: keyof StaffSummary;
  /** What the section reads as it opens, asked before it is drawn (the console's page data). */
  data?: (client: QueryClient) => Promise<unknown>;
}
