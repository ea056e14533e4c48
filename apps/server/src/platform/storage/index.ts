import path from 'node:path';
import type { Config } from '../../config.ts';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';
import type { Storage } from './types.ts';

export { LocalStorage } from './local.ts';
export { S3Storage } from './s3.ts';
export type { Storage } from './types.ts';

/** S3 when S3_* is configured (several app processes share one bucket), else DATA_DIR/files. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage(path.join(config.dataDir, 'files'));
}

type ConfigHolder = { config: Pick<Config, 'dataDir' | 's3'> };

// One storage per app, made on first use, so features reach it through `getStorage(app)` without
// app.ts knowing about it. Keyed by the config object: Fastify hands each plugin a child instance,
// but they all share the root's `config`, and tests that build several apps keep theirs apart.
const byConfig = new WeakMap<object, Storage>();

export function getStorage(app: ConfigHolder): Storage {
  let storage = byConfig.get(app.config);
  if (!storage) {
    storage = createStorage(app.config);
    byConfig.set(app.config, storage);
  }
  return storage;
}

/** Lets a test choose the storage (e.g. one that fails) for an app. */
export function setStorage(app: ConfigHolder, storage: Storage): void {
  byConfig.set(app.config, storage);
}
