// The server's own VAPID key pair (RFC 8292): browsers subscribe with its public key, and every
// push carries a token signed with its private key, so no outside push account is needed. Given by
// VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or generated once into DATA_DIR/vapid.json (owner-only, like
// everything in DATA_DIR) and kept: new keys would orphan every subscription made with the old.
// Read by the notifications feature (to send) and public-config (to hand the public key out).
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config, VapidKeys } from '../config.ts';
import { FILE_MODE } from './data-dir.ts';

export interface VapidDetails extends VapidKeys {
  subject: string;
}

export const VAPID_FILE = 'vapid.json';

const byDataDir = new Map<string, VapidKeys>();

function isKeys(value: unknown): value is VapidKeys {
  const keys = value as VapidKeys;
  return typeof keys?.publicKey === 'string' && typeof keys?.privateKey === 'string';
}

/** The pair in DATA_DIR, created on first use. Two processes racing agree on the first file written. */
function storedKeys(dataDir: string): VapidKeys {
  const cached = byDataDir.get(dataDir);
  if (cached) return cached;
  const file = path.join(dataDir, VAPID_FILE);
  let keys: unknown;
  try {
    keys = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const fresh = webpush.generateVAPIDKeys();
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      // 'wx': never overwrite a pair another process has just written.
      fs.writeFileSync(file, `${JSON.stringify(fresh)}\n`, { flag: 'wx', mode: FILE_MODE });
      keys = fresh;
    } catch (raced) {
      if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
      keys = JSON.parse(fs.readFileSync(file, 'utf8'));
    }
  }
  if (!isKeys(keys)) throw new Error(`${file} is not a VAPID key pair; remove it to generate a new one`);
  byDataDir.set(dataDir, keys);
  return keys;
}

/**
 * The keys and subject pushes are signed with, or null when push is off (no usable subject, which
 * the operator was told at start). Generates the pair on first call when the environment gives none.
 */
export function vapidDetails(config: Config): VapidDetails | null {
  const { subject, keys } = config.vapid;
  if (!subject) return null;
  return { subject, ...(keys ?? storedKeys(config.dataDir)) };
}
