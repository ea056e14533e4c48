// Backup archives are plain tar files (gzip'd by the caller), written and read as streams through
// tar-stream, so a backup opens with the system's own `tar xzf` and a large database dump or many
// images never sit in memory whole. Reading yields regular files only; names are the caller's to check.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tarStream from 'tar-stream';

export class TarError extends Error {
  override name = 'TarError';
}

/** One file to write: its bytes, or a stream of exactly `size` bytes (a file on disk, a dump). */
export type TarSource = { name: string; data: Buffer } | { name: string; size: number; stream: Readable };

/** One regular file read back: read its bytes with `buffer()`, or pipe `stream` somewhere. */
export interface TarEntry {
  name: string;
  size: number;
  stream: Readable;
  buffer(): Promise<Buffer>;
}

/** A tar stream of `sources`, in order, each owner-only (0600). */
export function packTar(sources: AsyncIterable<TarSource>): Readable {
  const pack = tarStream.pack();
  (async () => {
    for await (const source of sources) {
      const header = { name: source.name, mode: 0o600, mtime: new Date() };
      if ('data' in source) {
        await new Promise<void>((resolve, reject) =>
          pack.entry({ ...header, size: source.data.length }, source.data, (error) =>
            error ? reject(error) : resolve(),
          ),
        );
      } else {
        // The entry's stream takes the bytes with backpressure; a short or long source is an error.
        await pipeline(source.stream, pack.entry({ ...header, size: source.size }));
      }
    }
    pack.finalize();
  })().catch((error: Error) => pack.destroy(error));
  // tar-stream's streams are streamx ones; Node's own Readable keeps pipeline() and errors ordinary.
  return Readable.from(pack as AsyncIterable<Buffer>);
}

function asTarError(error: unknown): unknown {
  const message = (error as Error)?.message ?? '';
  if (/unexpected end of data/i.test(message))
    return new TarError('The backup file is cut short (truncated).');
  if (/invalid tar header|checksum/i.test(message)) {
    return new TarError('The backup file is damaged (a header cannot be read).');
  }
  return error;
}

async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The regular files of a tar stream, in order; other entry types are skipped. An entry the caller
 * leaves unread is drained when the next one is asked for.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const extract = tarStream.extract();
  const feeding = pipeline(Readable.from(source), extract as unknown as NodeJS.WritableStream).catch(
    (error: Error) => extract.destroy(error),
  );
  try {
    for await (const entry of extract) {
      const { name, size = 0, type } = entry.header;
      const stream = entry as unknown as Readable;
      if (type === 'file') yield { name, size, stream, buffer: () => collect(stream) };
      entry.resume();
    }
    await feeding;
  } catch (error) {
    throw asTarError(error);
  }
}
