// Compiles the server into apps/server/dist (`npm run build -w @samaj/server`; `npm start` runs it when
// the sources are newer). Operators run JavaScript, not TypeScript through tsx: ~40 MB less memory and
// a faster start. Dependencies stay in node_modules (native ones like sharp must); @samaj/core, which
// is TypeScript source, is compiled in.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.join(root, 'dist');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@samaj/core');

/**
 * Files found next to the sources (`new URL('../../drizzle', import.meta.url)`: migrations, the seed,
 * the web build) are found from the bundle instead: each such URL is rewritten relative to dist/.
 */
const sourceRelativeUrls = {
  name: 'source-relative-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8').replace(
        /new URL\((['"])([^'"]+)\1,\s*import\.meta\.url\)/g,
        (_all, _quote, relative) => {
          const target = path.resolve(path.dirname(args.path), relative);
          const fromBundle = path.relative(outdir, target).split(path.sep).join('/');
          return `new URL(${JSON.stringify(fromBundle)}, import.meta.url)`;
        },
      );
      return { contents: source, loader: 'ts' };
    });
  },
};

// Chunk names carry hashes: without emptying, every build would leave the last one's beside it.
rmSync(outdir, { recursive: true, force: true });

await build({
  // Both beside each other in dist/, so that the rewritten URLs hold for each.
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    // The operator's commands (`npm run cli`), compiled like the server they work beside.
    cli: path.join(root, 'src/cli.ts'),
    'make-template': path.join(root, 'src/db/make-template.ts'),
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir,
  // Code loaded only when used (the S3 client) stays in a file of its own, beside main.js so that the
  // rewritten URLs hold for every file.
  splitting: true,
  chunkNames: '[name]-[hash]',
  external,
  plugins: [sourceRelativeUrls],
  logLevel: 'warning',
});

// An empty, migrated PGlite data directory for first starts (src/db/template.ts): initdb once here
// instead of on every new installation.
const made = spawnSync(process.execPath, [path.join(outdir, 'make-template.js')], { stdio: 'inherit' });
if (made.status !== 0) process.exit(made.status ?? 1);
