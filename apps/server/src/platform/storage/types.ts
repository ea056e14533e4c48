import type { Readable } from 'node:stream';

/**
 * Where uploaded images and their previews live. Keys are `<fileId>/<name>`: one
 * prefix per file, so deleting a file removes its original and every cached preview
 * with one `deletePrefix`, on disk and in a bucket alike.
 */
export interface Storage {
  /** 'local' or 's3', for logs and the operator. */
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /** Removes every object whose key starts with `prefix`; absent objects are not an error. */
  deletePrefix(prefix: string): Promise<void>;
  /** Stores the file at `filePath` as `key`, streamed (a recording is too big to hold in memory). */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** The object's size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  /** The object's bytes `start`..`end` (inclusive; all without a range) as a stream, or null when absent. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
}

/** Bytes `start` to `end`, both included (as HTTP's Range header counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Keys come from our own ids and names; refuse anything that could climb out of the store. */
const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*\/?$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}
