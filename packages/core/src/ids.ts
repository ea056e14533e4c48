// Ids for posts, comments, files and submissions (docs/product/README.md, "Rules that hold everywhere"): a
// time-based hex prefix (seconds since the epoch + milliseconds as 5 hex digits) and 7 random hex characters,
// 20 in all. Hex sorts like the numbers it encodes, so ids sort by creation time and keyset pagination can
// use them as cursors.

const RANDOM_MAX = 0x10000000; // 7 hex digits

let lastMs = 0;
let lastRandom = 0;

function randomPart(): number {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return buf[0] % RANDOM_MAX;
}

function encode(ms: number, random: number): string {
  const seconds = Math.floor(ms / 1000)
    .toString(16)
    .padStart(8, '0');
  const millis = (ms % 1000).toString(16).padStart(5, '0');
  return seconds + millis + random.toString(16).padStart(7, '0');
}

/**
 * A new id. Within one process ids strictly increase: two ids in the same
 * millisecond (or after the clock stepped back) continue from the previous one.
 */
export function uniqueId(): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    lastRandom = randomPart();
  } else if (lastRandom + 1 < RANDOM_MAX) {
    lastRandom += 1;
  } else {
    lastMs += 1;
    lastRandom = randomPart();
  }
  return encode(lastMs, lastRandom);
}

export const UNIQUE_ID_PATTERN = /^[0-9a-f]{20}$/;

export function isUniqueId(value: unknown): value is string {
  return typeof value === 'string' && UNIQUE_ID_PATTERN.test(value);
}

/** The creation time encoded in an id (ms precision). */
export function uniqueIdTime(id: string): Date {
  return new Date(Number.parseInt(id.slice(0, 8), 16) * 1000 + Number.parseInt(id.slice(8, 13), 16));
}
