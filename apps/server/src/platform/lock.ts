import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite belongs to one process: a second process opening the same data directory can report
 * success and lose its writes. The server (or a CLI command) holds DATA_DIR/samaj.lock while it
 * uses the database; a lock left by a process that no longer runs (kill -9, power loss) is taken over.
 */
export const LOCK_FILE = 'samaj.lock';

export type LockHolder = 'server' | 'command';

export interface LockInfo {
  pid: number;
  startedAt: string;
  holder: LockHolder;
}

export class LockError extends Error {
  override name = 'LockError';
  constructor(
    message: string,
    readonly holder: LockInfo,
  ) {
    super(message);
  }
}

export interface DataDirLock {
  path: string;
  release(): void;
}

export function lockMessage(info: LockInfo, dataDir: string): string {
  if (info.holder === 'command') {
    return `A Samaj command (pid ${info.pid}) is using DATA_DIR ${dataDir}. Wait for it to finish, then try again.`;
  }
  return `Another Samaj server (pid ${info.pid}) is using DATA_DIR ${dataDir}. Stop it first, or run this command through it.`;
}

export function acquireLock(dataDir: string, holder: LockHolder = 'server'): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockInfo = { pid: process.pid, startedAt: new Date().toISOString(), holder };
  // A few rounds: a stale lock is removed and the exclusive create retried; if another process
  // wins that race, the next round reports it.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, `${JSON.stringify(mine)}\n`);
      fs.closeSync(fd);
      return { path: file, release: () => releaseLock(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = readLock(file);
    if (current && isAlive(current.pid)) throw new LockError(lockMessage(current, dataDir), current);
    try {
      fs.unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const current = readLock(file);
  throw new LockError(
    lockMessage(current ?? { pid: 0, startedAt: '', holder: 'server' }, dataDir),
    current ?? { pid: 0, startedAt: '', holder: 'server' },
  );
}

/** Removes the lock only if this process still owns it. */
function releaseLock(file: string): void {
  const current = readLock(file);
  if (current && current.pid !== process.pid) return;
  try {
    fs.unlinkSync(file);
  } catch {
    // Already gone: nothing to release.
  }
}

export function readLock(file: string): LockInfo | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockInfo>;
    if (typeof parsed.pid !== 'number') return undefined;
    return {
      pid: parsed.pid,
      startedAt: String(parsed.startedAt ?? ''),
      holder: parsed.holder === 'command' ? 'command' : 'server',
    };
  } catch {
    // Unreadable or half-written (crash while writing): treat as stale.
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  // Our own pid in the file means a previous run of this same process slot (container restart): stale.
  if (pid === process.pid || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // After a reboot the pid may belong to an unrelated program; on Linux, check it is Node.
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /node|tsx/.test(cmdline);
  } catch {
    return true;
  }
}
