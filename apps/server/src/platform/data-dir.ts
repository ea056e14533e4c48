// DATA_DIR holds password hashes, session tokens, the signing secret and members' files: only the
// user the server runs as may read or write it (folders 0700, files 0600).
import fs from 'node:fs';
import path from 'node:path';

export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/**
 * From now on everything this process creates is owner-only, whatever mode a library asks for
 * (PGlite asks for 0666). Call it first thing in every entry point that may touch DATA_DIR.
 */
export function ownerOnlyFromNowOn(): void {
  process.umask(0o077);
}

/**
 * Creates DATA_DIR owner-only, or repairs an existing tree: a DATA_DIR written by an older version
 * (or under a loose umask) had 0666 files. Symbolic links are left alone (their targets may be
 * outside DATA_DIR); sockets and other special files are only tightened, never loosened.
 */
export function restrictDataDir(dataDir: string): { repaired: number } {
  fs.mkdirSync(dataDir, { recursive: true, mode: DIR_MODE });
  let repaired = 0;
  const stack = [dataDir];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    const stat = fs.lstatSync(current);
    if (stat.isSymbolicLink()) continue;
    const wanted = stat.isDirectory() ? DIR_MODE : stat.mode & FILE_MODE;
    if ((stat.mode & 0o777) !== wanted) {
      fs.chmodSync(current, wanted);
      repaired += 1;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(current)) stack.push(path.join(current, name));
    }
  }
  return { repaired };
}
