import { describe, expect, it } from 'vitest';
import { buildPagePreloads } from '../../scripts/pagePreloadsPlugin';
import { PAGE_ROUTES } from './pageRoutes';

const pageFiles = import.meta.glob(['../features/*/pages/*.tsx', '!../features/*/pages/*.test.tsx']);

/** A build manifest as Vite writes it: the shell, two pages sharing a chunk, a page's texts. */
const manifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_Card-1.js': { file: 'assets/Card-1.js', imports: ['_react-1.js'], css: ['assets/Card-1.css'] },
  'src/features/surnames/pages/SurnameList.tsx': {
    file: 'assets/SurnameList-1.js',
    imports: ['index.html', '_react-1.js', '_Card-1.js'],
    css: ['assets/SurnameList-1.css', 'assets/index-1.css'],
  },
  'src/locales/gu/surnames.json': { file: 'assets/surnames-1.js' },
  'src/features/profiles/pages/Profile.tsx': { file: 'assets/Profile-1.js', imports: ['_Card-1.js'] },
  'src/features/posts/pages/PostsHome.tsx': {
    file: 'assets/PostsHome-1.js',
    imports: ['_Card-1.js'],
    dynamicImports: ['src/features/posts/components/MemberHome.tsx'],
  },
  'src/features/posts/components/MemberHome.tsx': {
    file: 'assets/MemberHome-1.js',
    imports: ['_Card-1.js', '_Menu-1.js'],
    css: ['assets/MemberHome-1.css'],
  },
  '_Menu-1.js': { file: 'assets/Menu-1.js' },
  'src/features/posts/pages/MemberPosts.tsx': { file: 'assets/MemberPosts-1.js' },
  'src/features/map/pages/CommunityMap.tsx': {
    file: 'assets/CommunityMap-1.js',
    dynamicImports: ['src/features/map/components/MapView.tsx'],
  },
  'src/features/map/components/MapView.tsx': {
    file: 'assets/MapView-1.js',
    imports: ['_leaflet-1.js'],
    css: ['assets/MapView-1.css'],
  },
  '_leaflet-1.js': { file: 'assets/leaflet-1.js' },
};

describe('page preloads', () => {
  it('names every page file the router opens', () => {
    const all = (routes: typeof PAGE_ROUTES): string[] =>
      routes.flatMap((r) => [`../features/${r.feature}/pages/${r.page}.tsx`, ...all(r.children ?? [])]);
    for (const file of all(PAGE_ROUTES)) expect(pageFiles, file).toHaveProperty([file]);
  });

  it("lists a page's own code, shared chunks, styles and texts, never the shell's", () => {
    const { pages } = buildPagePreloads(manifest);
    const surnames = pages.find((p) => p.path === '/surnames');
    expect(surnames).toEqual({
      path: '/surnames',
      scripts: ['/assets/SurnameList-1.js', '/assets/Card-1.js', '/assets/surnames-1.js'],
      styles: ['/assets/SurnameList-1.css', '/assets/Card-1.css'],
      member: { scripts: [], styles: [] },
    });
  });

  it("keeps a page's lazy parts (a member's screen) apart, without what the page itself loads", () => {
    const posts = buildPagePreloads(manifest).pages.find((p) => p.path === '/posts');
    expect(posts?.scripts).toEqual(['/assets/PostsHome-1.js', '/assets/Card-1.js']);
    expect(posts?.member).toEqual({
      scripts: ['/assets/MemberHome-1.js', '/assets/Menu-1.js'],
      styles: ['/assets/MemberHome-1.css'],
    });
  });

  it("names the map's Leaflet in every reader's page: drawn in the browser for all, not a member's part", () => {
    const map = buildPagePreloads(manifest).pages.find((p) => p.path === '/community-map');
    expect(map?.scripts).toEqual([
      '/assets/CommunityMap-1.js',
      '/assets/MapView-1.js',
      '/assets/leaflet-1.js',
    ]);
    expect(map?.styles).toEqual(['/assets/MapView-1.css']);
    expect(map?.member).toEqual({ scripts: [], styles: [] });
  });

  it('gives a page with an index child both pages, and tries the catch-all last', () => {
    const { pages } = buildPagePreloads(manifest);
    expect(pages.find((p) => p.path === '/profile/:id')?.scripts).toEqual([
      '/assets/Profile-1.js',
      '/assets/Card-1.js',
      '/assets/MemberPosts-1.js',
    ]);
    expect(pages.at(-1)?.path).toBe('/*');
    expect(pages.map((p) => p.path)).toContain('/');
  });
});
