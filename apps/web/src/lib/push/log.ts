// Push failures are logged, never shown (docs/product/errors.md, "Push errors"); kept apart from errors.ts so
// the first load does not carry the wording of every push error.

export function logPushError(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  console.warn(message.startsWith('push/') ? message : `push: ${message}`);
}
