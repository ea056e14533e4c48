// The seams between features are held by the linter (docs/conventions.md, Seams): the repository's own
// biome.json, run on imports planted in a scratch copy of the tree's layout (never in the tree, which
// others are editing), must refuse a feature importing another (server and web, tests included), any
// import cycle (type-only too), and sharp outside platform/images — and accept what the seams allow.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { tempDir } from './harness.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');

const PLANTED: Record<string, string> = {
  // Server: another feature's module, from a feature file, a nested one and a test.
  'apps/server/src/features/slides/queries.ts': 'export const listSlides = 1;\n',
  'apps/server/src/features/posts/cross.ts':
    "import { listSlides } from '../slides/queries.ts';\nexport const a = listSlides;\n",
  'apps/server/src/features/posts/cross.test.ts':
    "import { listSlides } from '../slides/queries.ts';\nexport const a = listSlides;\n",
  'apps/server/src/features/posts/deep/cross.ts':
    "import { listSlides } from '../../slides/queries.ts';\nexport const a = listSlides;\n",
  'apps/server/src/features/posts/by-path.ts':
    "import { features } from '../../features/index.ts';\nexport const a = features;\n",
  'apps/server/src/features/posts/sharp.ts': "import sharp from 'sharp';\nexport const a = sharp;\n",
  // Server: what the seams allow (platform, db, the test helpers, the feature's own files, sharp in a test).
  'apps/server/src/features/index.ts':
    "import { a } from './posts/allowed.ts';\nexport const features = [a];\n",
  'apps/server/src/platform/events/index.ts': 'export const events = 1;\n',
  'apps/server/src/db/client.ts': 'export const db = 1;\n',
  'apps/server/test/harness.ts': 'export const harness = 1;\n',
  'apps/server/src/features/posts/own.ts': 'export const own = 1;\n',
  'apps/server/src/features/posts/allowed.ts': [
    "import { db } from '../../db/client.ts';",
    "import { events } from '../../platform/events/index.ts';",
    "import { own } from './own.ts';",
    'export const a = [db, events, own];',
    '',
  ].join('\n'),
  'apps/server/src/features/posts/allowed.test.ts': [
    "import sharp from 'sharp';",
    "import { harness } from '../../../test/harness.ts';",
    "import { own } from './own.ts';",
    'export const a = [sharp, harness, own];',
    '',
  ].join('\n'),
  // A type-only cycle, as audit -> events -> map -> audit was.
  'apps/server/src/platform/audit.ts':
    "import type { Entry } from './events/map.ts';\nexport type Audit = Entry;\n",
  'apps/server/src/platform/events/map.ts':
    "import type { Audit } from '../audit.ts';\nexport type Entry = { a?: Audit };\n",
  // Web: another feature, and a cycle.
  'apps/web/src/features/matrimony/api.ts': 'export const api = 1;\n',
  'apps/web/src/features/posts/cross.ts':
    "import { api } from '../matrimony/api.ts';\nexport const a = api;\n",
  'apps/web/src/lib/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
  'apps/web/src/lib/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
};

it('the linter refuses cross-feature imports, import cycles and a stray sharp, and accepts the seams', async () => {
  const scratch = tempDir('samaj-seams-');
  copyFileSync(path.join(ROOT, 'biome.json'), path.join(scratch, 'biome.json'));
  for (const [file, text] of Object.entries(PLANTED)) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), text);
  }
  const biome = path.join(ROOT, 'node_modules/.bin/biome');
  const output = await run(biome, ['lint', '--max-diagnostics=200', '--colors=off', '.'], {
    cwd: scratch,
  }).then(
    () => '',
    (error: { stdout: string; stderr: string }) => `${error.stdout}\n${error.stderr}`,
  );
  const found = new Set<string>();
  for (const [, file, rule] of output.matchAll(/^(\S+):\d+:\d+ lint\/(\S+)/gm)) found.add(`${file} ${rule}`);
  expect([...found].sort()).toEqual(
    [
      'apps/server/src/features/posts/by-path.ts style/noRestrictedImports',
      'apps/server/src/features/posts/cross.test.ts style/noRestrictedImports',
      'apps/server/src/features/posts/cross.ts style/noRestrictedImports',
      'apps/server/src/features/posts/deep/cross.ts style/noRestrictedImports',
      'apps/server/src/features/posts/sharp.ts style/noRestrictedImports',
      'apps/server/src/platform/audit.ts suspicious/noImportCycles',
      'apps/server/src/platform/events/map.ts suspicious/noImportCycles',
      'apps/web/src/features/posts/cross.ts style/noRestrictedImports',
      'apps/web/src/lib/a.ts suspicious/noImportCycles',
      'apps/web/src/lib/b.ts suspicious/noImportCycles',
    ].sort(),
  );
});
