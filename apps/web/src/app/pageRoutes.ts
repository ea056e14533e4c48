// Which page file each path opens (docs/product/shell.md, "Route table"), as plain data: the router builds
// its routes from it (routes.tsx), and the build reads it to tell the server which files each page needs
// (scripts/pagePreloadsPlugin.ts): every page is rendered on the server with its data (src/entry-server.tsx),
// and its code and styles are named in that HTML. No imports here: Vite's config loads this file in Node.

export interface PageRoute {
  /** Relative to `/`; absent for the index route of its parent. */
  path?: string;
  /** `features/<feature>/pages/<page>.tsx` */
  feature: string;
  page: string;
  /** Fixed props for the page (serializable; the console's sections are added by routes.tsx). */
  props?: Record<string, string>;
  /**
   * False for a page that shows no form and no failure: it does without the messages texts (error
   * and validation wording, lib/errors.ts) that every other page loads with its code.
   */
  messages?: false;
  /**
   * True when what the page imports lazily is drawn in the browser for every reader (the map's
   * Leaflet), not a member's part: the server then names those files in every reader's HTML, so they
   * download beside the page's own instead of after the app has taken the page over.
   */
  lazyForEveryone?: true;
  children?: PageRoute[];
}

/** The texts a page loads with its code: its feature's, and the messages unless it needs none. */
export function pageNamespaces(page: Pick<PageRoute, 'feature' | 'messages'>): string[] {
  return page.messages === false ? [page.feature] : [page.feature, 'messages'];
}

export const PAGE_ROUTES: PageRoute[] = [
  { feature: 'tools', page: 'ToolsHome', messages: false },
  { path: 'posts', feature: 'posts', page: 'PostsHome' },
  { path: 'login', feature: 'accounts', page: 'Login' },
  { path: 'signup', feature: 'accounts', page: 'Signup' },
  { path: 'forgot-password', feature: 'accounts', page: 'ForgotPassword' },
  { path: 'reset-password', feature: 'accounts', page: 'ResetPassword' },
  { path: 'confirm-email', feature: 'accounts', page: 'ConfirmEmail' },
  { path: 'publisher-request', feature: 'publisher', page: 'PublisherRequest' },
  { path: 'profile', feature: 'profiles', page: 'Profile' },
  {
    path: 'profile/:id',
    feature: 'profiles',
    page: 'Profile',
    children: [{ feature: 'posts', page: 'MemberPosts' }],
  },
  // A visitor sees the back button and the login card (which links back with the post's path).
  { path: 'post/:id', feature: 'posts', page: 'SinglePost' },
  { path: 'events', feature: 'events', page: 'EventsList' },
  { path: 'events/create', feature: 'events', page: 'EventCreate' },
  { path: 'event/:id', feature: 'events', page: 'LiveEvent' },
  { path: 'surnames', feature: 'surnames', page: 'SurnameList' },
  { path: 'surname/:id', feature: 'surnames', page: 'SurnameDetail' },
  { path: 'matrimony', feature: 'matrimony', page: 'Matrimony' },
  { path: 'matrimony/profile/:id', feature: 'matrimony', page: 'MatrimonyProfile' },
  { path: 'community-map', feature: 'map', page: 'CommunityMap', lazyForEveryone: true },
  { path: 'scholarships', feature: 'placeholders', page: 'Placeholder', props: { kind: 'scholarships' } },
  { path: 'jobs', feature: 'placeholders', page: 'Placeholder', props: { kind: 'jobs' } },
  { path: 'businesses', feature: 'placeholders', page: 'Placeholder', props: { kind: 'businesses' } },
  { path: 'venues', feature: 'placeholders', page: 'Placeholder', props: { kind: 'venues' } },
  { path: 'personas', feature: 'placeholders', page: 'Personas' },
  { path: 'settings', feature: 'settings', page: 'Settings' },
  { path: 'settings/profile', feature: 'settings', page: 'ManageProfile' },
  { path: 'settings/notifications', feature: 'push', page: 'NotificationSettings' },
  { path: 'settings/privacy', feature: 'settings', page: 'Privacy' },
  { path: 'settings/help', feature: 'settings', page: 'Help' },
  { path: 'settings/about', feature: 'settings', page: 'About' },
  { path: 'admin/*', feature: 'admin', page: 'AdminHome' },
  { path: '*', feature: 'errors', page: 'NotFound' },
];
