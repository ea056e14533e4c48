// Writes src/start.js (the starter of a server-rendered page, server platform/app-start.ts) to
// the site's root as /start.js, minified: it is in every such page's first load, which has a budget
// (bench/: 150 KB gzip for `/`), and its comments are for us, not for phones. Emitted with the bundle,
// so the service worker's precache list sees the file as served.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { minify, type Plugin } from 'vite';

const SOURCE = path.resolve(import.meta.dirname, '../src/start.js');

export function startScriptPlugin(): Plugin {
  return {
    name: 'samaj-start-script',
    apply: 'build',
    async generateBundle() {
      // The SSR build of src/entry-server.tsx serves nothing.
      if (this.environment.config.build.ssr) return;
      const { code } = await minify('start.js', readFileSync(SOURCE, 'utf8'), {
        compress: true,
        mangle: true,
      });
      this.emitFile({ type: 'asset', fileName: 'start.js', source: code });
    },
  };
}
