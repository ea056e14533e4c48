// Where the server's log lines go. pino's default destination flushes synchronously when the
// process exits; with a reader that stopped reading (a full pipe) that flush never returned, and the
// server stayed alive after SIGTERM until it was killed. This destination writes through
// process.stdout, which Node never lets block (a full pipe only queues), drops lines past a bound
// instead of growing without end, and ignores a reader that is gone (EPIPE).

const MAX_QUEUED_BYTES = 1024 * 1024;

export interface LogStream {
  write(line: string): void;
  /** Lines dropped because the reader fell behind or went away. */
  readonly dropped: number;
}

/** Ignore write errors on an output stream (EPIPE when the reader is gone): never crash or hang on them. */
export function ignoreOutputErrors(stream: NodeJS.WriteStream): void {
  stream.on('error', () => {});
}

export function nonBlockingLogStream(output: NodeJS.WriteStream = process.stdout): LogStream {
  ignoreOutputErrors(output);
  let dropped = 0;
  return {
    write(line: string) {
      if (output.destroyed || !output.writable || output.writableLength > MAX_QUEUED_BYTES) {
        dropped += 1;
        return;
      }
      output.write(line);
    },
    get dropped() {
      return dropped;
    },
  };
}
