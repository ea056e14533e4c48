// Which page file each path of SPEC §2 opens, as plain data: the router builds its routes from it
// (routes.tsx), and the build reads it to tell the server which files each page needs
// (scripts/pagePreloadsPlugin.ts), so a page's code starts downloading with the HTML instead of
// after the shell has run. No imports here: Vite's config loads this file in Node.

export interface PageRoute {
  /** Relative to `/`; absent for the index route of its parent. */
  path?: string;
  /** `features/<feature>/pages/<page>.tsx` */
  feature: string;
  page: string;
  /** Fixed props for the page (serializable; the console's sections are added by routes.tsx). */
  props?: Record<string, string>;
  /**
   * The API answers the page asks for first, exactly as its queries ask (params as `:id`): the server
   * preloads them with the HTML. `memberData` only for a signed-in member (a visitor gets a gate).
   */
  data?: string[];
  memberData?: string[];
  /**
   * False for a page that shows no form and no failure: it does without the messages texts (error
   * and validation wording, lib/errors.ts) that every other page loads with its code.
   */
  messages?: false;
  /**
   * The server sends a visitor this page's first screen as HTML, rendered at build time (src/prerender.tsx),
   * and the app hydrates it. Only for pages whose first screen is drawn before any API answer — a
   * page waiting for its data is drawn in its loading state (title, text, placeholders), which the
   * app hydrates before the answer comes; a param may appear only in links back to the page (the
   * build checks; core's prerenderPath).
   */
  prerender?: true;
  /**
   * Likewise for a signed-in member: the page's loading state drawn at build time for a member whose
   * name and username the server fills in (one drawing per combination of labels that changes it).
   */
  memberPrerender?: true;
  /**
   * A visitor is sent this page drawn with its answer, when the server puts that answer in the boot
   * data under this name: drawn at build time with markers (core drawings.ts), one drawing per shape.
   */
  drawnWith?: 'surnamePage';
  /**
   * A member is sent this page with their posts drawn into its first screen from this boot data part
   * (core feed-drawing.ts, MemberDrawnPart): pieces of the app's own cards, rendered at build time and
   * filled by the server.
   */
  drawnForMember?: 'feedPage' | 'postPage';
  /**
   * Rendered on the server by React for every viewer, with its data (src/entry-server.tsx), and
   * hydrated by the app: no drawing. The pages not yet moved still use the drawings above (issue 33).
   */
  ssr?: true;
  children?: PageRoute[];
}

/** The texts a page loads with its code: its feature's, and the messages unless it needs none. */
export function pageNamespaces(page: Pick<PageRoute, 'feature' | 'messages'>): string[] {
  return page.messages === false ? [page.feature] : [page.feature, 'messages'];
}

export const PAGE_ROUTES: PageRoute[] = [
  // Its slides come in the HTML's boot data (server features/slides), not as a preload.
  { feature: 'tools', page: 'ToolsHome', messages: false, prerender: true },
  {
    path: 'posts',
    feature: 'posts',
    page: 'PostsHome',
    memberData: ['/api/posts', '/api/events'],
    prerender: true,
    memberPrerender: true,
    drawnForMember: 'feedPage',
  },
  { path: 'login', feature: 'accounts', page: 'Login', ssr: true },
  { path: 'signup', feature: 'accounts', page: 'Signup', ssr: true },
  { path: 'publisher-request', feature: 'publisher', page: 'PublisherRequest', ssr: true },
  { path: 'profile', feature: 'profiles', page: 'Profile', ssr: true },
  {
    path: 'profile/:id',
    feature: 'profiles',
    page: 'Profile',
    children: [{ feature: 'posts', page: 'MemberPosts' }],
    ssr: true,
  },
  // A visitor sees the back button and the login card (which links back with the post's path); a
  // member following a shared link, the back button and the post's placeholder in their own frame.
  {
    path: 'post/:id',
    feature: 'posts',
    page: 'SinglePost',
    memberData: ['/api/posts/:id'],
    prerender: true,
    memberPrerender: true,
    drawnForMember: 'postPage',
  },
  {
    path: 'events',
    feature: 'events',
    page: 'EventsList',
    memberData: ['/api/events'],
    prerender: true,
    memberPrerender: true,
  },
  { path: 'events/create', feature: 'events', page: 'EventCreate', ssr: true },
  { path: 'event/:id', feature: 'events', page: 'LiveEvent', ssr: true },
  // Drawn in their loading state (the list's title, intro and search; the surname's back link), and
  // the surname's page also with the surname itself when the server has it (boot data).
  {
    path: 'surnames',
    feature: 'surnames',
    page: 'SurnameList',
    data: ['/api/surnames?limit=100'],
    prerender: true,
  },
  {
    path: 'surname/:id',
    feature: 'surnames',
    page: 'SurnameDetail',
    data: ['/api/surnames/:id'],
    prerender: true,
    drawnWith: 'surnamePage',
  },
  { path: 'matrimony', feature: 'matrimony', page: 'Matrimony', ssr: true },
  { path: 'community-map', feature: 'map', page: 'CommunityMap', ssr: true },
  {
    path: 'scholarships',
    feature: 'placeholders',
    page: 'Placeholder',
    props: { kind: 'scholarships' },
    ssr: true,
  },
  { path: 'jobs', feature: 'placeholders', page: 'Placeholder', props: { kind: 'jobs' }, ssr: true },
  {
    path: 'businesses',
    feature: 'placeholders',
    page: 'Placeholder',
    props: { kind: 'businesses' },
    ssr: true,
  },
  {
    path: 'venues',
    feature: 'placeholders',
    page: 'Placeholder',
    props: { kind: 'venues' },
    ssr: true,
  },
  { path: 'personas', feature: 'placeholders', page: 'Personas', ssr: true },
  { path: 'settings', feature: 'settings', page: 'Settings', ssr: true },
  { path: 'settings/profile', feature: 'settings', page: 'ManageProfile', ssr: true },
  { path: 'settings/notifications', feature: 'push', page: 'NotificationSettings', ssr: true },
  { path: 'settings/privacy', feature: 'settings', page: 'Privacy', ssr: true },
  { path: 'settings/help', feature: 'settings', page: 'Help', ssr: true },
  { path: 'settings/about', feature: 'settings', page: 'About', ssr: true },
  { path: 'admin/*', feature: 'admin', page: 'AdminHome', ssr: true },
  { path: '*', feature: 'errors', page: 'NotFound', ssr: true },
];
