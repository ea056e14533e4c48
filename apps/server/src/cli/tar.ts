// The few lines of the POSIX tar (ustar) format a backup needs: regular files only, written and
// read as streams. No tar library is installed and the format is small; a backup made here opens
// with the system's own `tar xzf`, and reading refuses anything but plain files with safe names.

const BLOCK = 512;
/** ustar's 11 octal digits of size: 8 GiB per entry. */
const MAX_SIZE = 0o77777777777;

export class TarError extends Error {
  override name = 'TarError';
}

function writeString(header: Buffer, value: string, offset: number, length: number): void {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new TarError(`tar: "${value}" is too long for its field`);
  bytes.copy(header, offset);
}

function writeOctal(header: Buffer, value: number, offset: number, length: number): void {
  writeString(header, value.toString(8).padStart(length - 1, '0'), offset, length - 1);
}

/** The 512-byte header of one regular file. */
export function tarHeader(name: string, size: number, mtime = new Date()): Buffer {
  if (size > MAX_SIZE) throw new TarError(`tar: ${name} is larger than 8 GiB`);
  const header = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0) throw new TarError(`tar: the name ${name} is too long`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  writeString(header, base, 0, 100);
  writeOctal(header, 0o600, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, size, 124, 12);
  writeOctal(header, Math.floor(mtime.getTime() / 1000), 136, 12);
  header.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  header[156] = 0x30; // '0': a regular file
  writeString(header, 'ustar\u0000', 257, 6);
  writeString(header, '00', 263, 2);
  writeString(header, prefix, 345, 155);
  const sum = header.reduce((total, byte) => total + byte, 0);
  writeString(header, `${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8);
  return header;
}

export interface TarEntry {
  name: string;
  data: Buffer;
}

/** The bytes of one entry: header, content, zero padding to the block. */
export function* tarEntry({ name, data }: TarEntry): Generator<Buffer> {
  yield tarHeader(name, data.length);
  yield data;
  const rest = data.length % BLOCK;
  if (rest) yield Buffer.alloc(BLOCK - rest);
}

/** Two zero blocks close an archive. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

/** Exact-length reads over a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = [];
  private length = 0;
  private readonly iterator: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  /** `n` bytes, or null when the stream ended exactly here. */
  async read(n: number): Promise<Buffer | null> {
    while (this.length < n) {
      const next = await this.iterator.next();
      if (next.done) {
        if (this.length === 0) return null;
        throw new TarError('The backup file is cut short (truncated).');
      }
      this.chunks.push(next.value);
      this.length += next.value.length;
    }
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.length);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length ? [rest] : [];
    this.length = rest.length;
    return Buffer.from(out);
  }
}

function readString(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = readString(header, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarError('The backup file is damaged (a size is not a number).');
  return Number.parseInt(text, 8);
}

/** The regular files of a tar stream, in order; other entry types are skipped. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source);
  for (;;) {
    const header = await reader.read(BLOCK);
    if (!header || header.every((byte) => byte === 0)) return;
    const expected = readOctal(header, 148, 8);
    const copy = Buffer.from(header);
    copy.fill(0x20, 148, 156);
    if (copy.reduce((total, byte) => total + byte, 0) !== expected) {
      throw new TarError('The backup file is damaged (a header checksum does not match).');
    }
    const prefix = readString(header, 345, 155);
    const base = readString(header, 0, 100);
    const name = prefix ? `${prefix}/${base}` : base;
    const size = readOctal(header, 124, 12);
    const type = String.fromCharCode(header[156]);
    const data = size > 0 ? await reader.read(size) : Buffer.alloc(0);
    if (data === null) throw new TarError('The backup file is cut short (truncated).');
    const rest = size % BLOCK;
    if (rest && (await reader.read(BLOCK - rest)) === null) {
      throw new TarError('The backup file is cut short (truncated).');
    }
    if (type === '0' || type === '\u0000') yield { name, data };
  }
}
