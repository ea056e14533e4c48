import path from 'node:path';
import type { Config, S3Config } from '../../config.ts';
import { LocalStorage } from './local.ts';
import type { Storage } from './types.ts';

export { LocalStorage } from './local.ts';
export type { Storage } from './types.ts';

/**
 * The AWS SDK is loaded on the first file operation, and only with S3_* set: importing it costs the
 * server ~15 MB of memory that a one-machine install, storing files on disk, never needs.
 */
function lazyS3(config: S3Config): Storage {
  let real: Promise<Storage> | null = null;
  const load = () => {
    real ??= import('./s3.ts').then(({ S3Storage }) => new S3Storage(config));
    return real;
  };
  return {
    kind: 's3',
    put: async (key, data, contentType) => (await load()).put(key, data, contentType),
    get: async (key) => (await load()).get(key),
    deletePrefix: async (prefix) => (await load()).deletePrefix(prefix),
    putFile: async (key, filePath, contentType) => (await load()).putFile(key, filePath, contentType),
    size: async (key) => (await load()).size(key),
    read: async (key, range) => (await load()).read(key, range),
  };
}

/** S3 when S3_* is configured (several app processes share one bucket), else DATA_DIR/files. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  if (config.s3) return lazyS3(config.s3);
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
