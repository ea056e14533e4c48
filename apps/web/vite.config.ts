import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { mantineCssCheckPlugin, trimMantineCss, usedMantineClasses } from './scripts/mantineCss';
import { mantineLazyDefaultsPlugin } from './scripts/mantineLazyDefaults';
import { mantineStableIdsPlugin } from './scripts/mantineStableIds';
import { pagePreloadsPlugin } from './scripts/pagePreloadsPlugin';
import { startScriptPlugin } from './scripts/startScriptPlugin';
import { COLOR_SCHEME } from './src/app/colorScheme';

// The shell watches Mantine's notification store without loading the Notifications component
// (which brings transitions and portals); the package's export map hides the store module, so
// it gets an alias of its own. Same file as the package uses, hence the same store instance.
const require = createRequire(import.meta.url);
const notificationsStore = path.join(
  path.dirname(require.resolve('@mantine/notifications')),
  '..',
  'esm',
  'notifications.store.mjs',
);

const server = process.env.SAMAJ_API ?? 'http://localhost:8080';
// The dev server and `vite preview` hand the API and both sockets to the running server.
const proxy = {
  '/api': { target: server, changeOrigin: false },
  '/peerjs': { target: server, ws: true, changeOrigin: false },
  '/realtime': { target: server, ws: true, changeOrigin: false },
};

// Vendor groups keep long-lived libraries that the shell needs whole in their own cacheable
// files; pages stay lazy so the JavaScript loaded for `/` is only the shell and the tools page
// (budget: 150 KB gzip, measured by bench/). Mantine is deliberately not grouped: a group would
// pull every component any page uses into the first load; automatic splitting keeps each
// component with the pages that use it. Leaflet likewise only ever loads with the map page.
const vendorGroups: Array<{ name: string; test: RegExp }> = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  // Except the few pieces every page draws with, the tools page (`/`) first: Box and the factories
  // under every component, and the layout and text components. Left to automatic splitting once the
  // shell stopped using them, they came to `/` as seven small files (+1.3 KB gzip over one).
  {
    name: 'mantine-base',
    test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core[\\/](Box|factory)|components[\\/](Stack|Text|Title|UnstyledButton))[\\/]/,
  },
  {
    name: 'i18n',
    test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
  },
];

// The service worker (src/sw/sw.ts) is built to /sw.js with the list of files to precache injected:
// the shell, every page's code, styles, fonts and the offline page, so the app opens without a
// network after one visit. The manifest stays a file of its own (public/), which the server serves
// with the operator's community name. Registration is done by the app (src/lib/serviceWorker.ts),
// never in development.
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: [
      '**/*.{js,css,html,woff2}',
      'icons/icon-192.png',
      'icons/favicon-32.png',
      'icons/logo-96.png',
    ],
    // Vite's build manifest is not public; the worker does not precache itself.
    globIgnores: ['.vite/**', 'sw.js'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  plugins: [
    react(),
    pwa,
    mantineLazyDefaultsPlugin(),
    mantineStableIdsPlugin(),
    pagePreloadsPlugin(),
    startScriptPlugin(),
    mantineCssCheckPlugin(),
  ],
  // Only the Mantine rules the app's components can use (scripts/mantineCss.ts).
  css: {
    postcss: {
      plugins: [trimMantineCss(usedMantineClasses(path.join(import.meta.dirname, 'src')), COLOR_SCHEME)],
    },
  },
  resolve: {
    alias: [
      { find: /^@samaj\/notifications-store$/, replacement: notificationsStore },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, 'src/lib/shims/use-sync-external-store.ts'),
      },
    ],
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // The server's render entry (src/entry-server.tsx) needs no icons or manifest.
    copyPublicDir: !process.argv.includes('--ssr'),
    emptyOutDir: true,
    // dist/.vite/manifest.json lets scripts/initial-js.mjs (and bench/) tell which chunks `/` loads.
    manifest: true,
    target: 'es2020',
    // Every browser the app supports preloads modules natively (Chrome 66, Safari 17, Firefox 115);
    // the polyfill was JavaScript in every first load for browsers that never open the app.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Core is pure (no I/O, no import-time effects), but its zod schemas are built at module
      // top level, which a bundler must otherwise keep: this lets a page that only needs a
      // constant leave zod out of the first load.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id),
      },
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  // The server render (src/entry-server.tsx): the icons package has no `exports`, so Node would load
  // its CommonJS main with all 6,000 icons (~12 MB resident); bundled, only the app's icons remain.
  ssr: { noExternal: ['@tabler/icons-react'] },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
