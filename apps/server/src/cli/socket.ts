// The operator socket: while a server holds a PGlite data directory, no other
// process may open it, so `npm run cli -- grant ...` hands its command to the
// running server through a Unix socket in DATA_DIR. The socket file is mode
// 0600: only the user the server runs as (the operator) can connect.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { CommandError } from '../platform/command.ts';
import type { EventBus } from '../platform/events/index.ts';
import { isMemberCommand, runMemberCommand } from './members.ts';

export const OPERATOR_SOCKET = 'operator.sock';

export function operatorSocketPath(dataDir: string): string {
  return path.join(dataDir, OPERATOR_SOCKET);
}

interface OperatorRequest {
  command: string;
  args: string[];
}

export interface OperatorReply {
  ok: boolean;
  message: string;
}

const MAX_REQUEST_BYTES = 64 * 1024;

async function answer(
  db: Database,
  events: EventBus | undefined,
  config: Config | undefined,
  line: string,
): Promise<OperatorReply> {
  let request: OperatorRequest;
  try {
    request = JSON.parse(line) as OperatorRequest;
  } catch {
    return { ok: false, message: 'The server could not read the command.' };
  }
  if (!isMemberCommand(request.command)) {
    return { ok: false, message: `The server does not take the command "${request.command}".` };
  }
  try {
    const args = Array.isArray(request.args) ? request.args.map(String) : [];
    return { ok: true, message: await runMemberCommand(db, request.command, args, events, config) };
  } catch (err) {
    if (err instanceof CommandError) return { ok: false, message: err.message };
    return { ok: false, message: `The server failed to run the command: ${(err as Error).message}` };
  }
}

export interface OperatorSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * Listens on DATA_DIR/operator.sock. Call it only while holding the data
 * directory's lock: an old socket file left by a crash is replaced.
 */
export async function startOperatorSocket(
  db: Database,
  dataDir: string,
  log?: { error(obj: unknown, msg?: string): void },
  /** The server's bus: its own subscribers (realtime, notifications) hear the operator's changes too. */
  events?: EventBus,
  /** The server's settings (reset-link builds its link from PUBLIC_URL). */
  config?: Config,
): Promise<OperatorSocket> {
  const socketPath = operatorSocketPath(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((conn) => {
    let buffer = '';
    conn.setEncoding('utf8');
    conn.setTimeout(30_000, () => conn.destroy());
    conn.on('error', () => {});
    conn.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST_BYTES) return conn.destroy();
      const end = buffer.indexOf('\n');
      if (end < 0) return;
      const line = buffer.slice(0, end);
      buffer = '';
      answer(db, events, config, line)
        .then((reply) => conn.end(`${JSON.stringify(reply)}\n`))
        .catch((err) => {
          log?.error({ err }, 'operator socket command failed');
          conn.destroy();
        });
    });
  });
  // The umask covers the moment between bind() and chmod(): the file is never
  // reachable by other users, not even briefly.
  const previous = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } finally {
    process.umask(previous);
  }
  fs.chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          fs.rmSync(socketPath, { force: true });
          resolve();
        });
      }),
  };
}

/**
 * Sends a command to the server listening in DATA_DIR. Resolves to null when no
 * server answers there (no socket file, or a stale one from a crash).
 */
export function sendToServer(
  dataDir: string,
  command: string,
  args: string[],
): Promise<OperatorReply | null> {
  const socketPath = operatorSocketPath(dataDir);
  if (!fs.existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const conn = net.createConnection(socketPath);
    let connected = false;
    let data = '';
    conn.setEncoding('utf8');
    conn.setTimeout(60_000, () => {
      conn.destroy();
      reject(new CommandError('The running server did not answer within 60 seconds.'));
    });
    conn.on('connect', () => {
      connected = true;
      conn.write(`${JSON.stringify({ command, args })}\n`);
    });
    conn.on('data', (chunk: string) => {
      data += chunk;
    });
    conn.on('end', () => {
      try {
        resolve(JSON.parse(data.trim()) as OperatorReply);
      } catch {
        reject(new CommandError('The running server gave an answer the command could not read.'));
      }
    });
    conn.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ECONNREFUSED' || err.code === 'ENOENT')) resolve(null);
      else if (!connected && err.code === 'EACCES') {
        reject(
          new CommandError(
            `Permission denied on ${socketPath}: run the command as the user that runs the server.`,
          ),
        );
      } else reject(err);
    });
  });
}

/**
 * Starts the operator socket for a running server that holds a PGlite DATA_DIR
 * (with PostgreSQL the CLI goes straight to the database and this does nothing).
 */
export async function serveOperatorSocket(app: FastifyInstance): Promise<OperatorSocket | undefined> {
  if (app.config.databaseUrl) return undefined;
  const socket = await startOperatorSocket(app.db, app.config.dataDir, app.log, app.events, app.config);
  // main.ts ends with process.exit(): remove the file so the CLI does not find a dead socket.
  process.once('exit', () => fs.rmSync(socket.path, { force: true }));
  return socket;
}
