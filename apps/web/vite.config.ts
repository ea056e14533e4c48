import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.SAMAJ_API ?? 'http://localhost:8080';

// Vendor groups keep long-lived libraries in their own cacheable files; pages stay lazy so
// the JavaScript loaded for `/` is only the shell (budget: 150 KB gzip, measured by bench/).
// Leaflet is deliberately absent: it must only ever load with the map page.
const vendorGroups: Array<{ name: string; test: RegExp }> = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](core|hooks|store|notifications|modals)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|react-number-format|react-textarea-autosize|clsx|tslib|get-nonce|detect-node-es)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2020',
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/peerjs': { target: server, ws: true, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/peerjs': { target: server, ws: true, changeOrigin: false },
    },
  },
});
