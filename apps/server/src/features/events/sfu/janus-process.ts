// A Janus Gateway of the tests' own (Debian's `janus`, 1.1.x): a generated config folder with only
// the VideoRoom plugin and the WebSocket transport on 127.0.0.1 and a port of the caller's, run
// without systemd (`janus -F <folder>`), stopped by the caller. docs/live-video.md shows the same
// settings for an operator's Janus.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

export const JANUS_BIN = '/usr/bin/janus';

/** Where Debian's package keeps Janus's plugins (multiarch folder). */
function janusLibDir(): string {
  for (const dir of [
    '/usr/lib/x86_64-linux-gnu/janus',
    '/usr/lib/aarch64-linux-gnu/janus',
    '/usr/lib/janus',
  ]) {
    if (existsSync(path.join(dir, 'plugins'))) return dir;
  }
  throw new Error('Janus plugins folder not found (apt-get install janus)');
}

/** Every shared object in `folder` but `keep`, as Janus's `disable` list. */
function disableAllBut(folder: string, keep: string[]): string {
  if (!existsSync(folder)) return '';
  return readdirSync(folder)
    .filter((f) => f.endsWith('.so') && !keep.includes(f))
    .join(',');
}

export interface JanusConfigOptions {
  wsPort: number;
  apiSecret: string;
  adminSecret?: string;
}

/** Writes janus.jcfg, the WebSocket transport's and the VideoRoom's config into `dir`. */
export function writeJanusConfig(dir: string, options: JanusConfigOptions): void {
  const lib = janusLibDir();
  const adminSecret = options.adminSecret ?? randomBytes(18).toString('base64url');
  writeFileSync(
    path.join(dir, 'janus.jcfg'),
    `general: {
  configs_folder = "${dir}"
  plugins_folder = "${lib}/plugins"
  transports_folder = "${lib}/transports"
  events_folder = "${lib}/events"
  loggers_folder = "${lib}/loggers"
  debug_level = 3
  api_secret = "${options.apiSecret}"
  admin_secret = "${adminSecret}"
  session_timeout = 60
  server_name = "samaj-test"
  protected_folders = ["/bin", "/boot", "/dev", "/etc", "/lib", "/proc", "/sbin", "/sys", "/usr", "/var"]
}
media: { rtp_port_range = "20000-40000" }
nat: { ice_ignore_list = "vmnet" }
plugins: { disable = "${disableAllBut(`${lib}/plugins`, ['libjanus_videoroom.so'])}" }
transports: { disable = "${disableAllBut(`${lib}/transports`, ['libjanus_websockets.so'])}" }
loggers: { disable = "${disableAllBut(`${lib}/loggers`, [])}" }
events: { broadcast = false disable = "${disableAllBut(`${lib}/events`, [])}" }
`,
  );
  writeFileSync(
    path.join(dir, 'janus.transport.websockets.jcfg'),
    `general: { json = "plain" ws = true ws_port = ${options.wsPort} ws_ip = "127.0.0.1" wss = false }
admin: { admin_ws = false admin_wss = false }
`,
  );
  // No rooms in the config: the app creates each event's room while it is live.
  writeFileSync(path.join(dir, 'janus.plugin.videoroom.jcfg'), 'general: {\n}\n');
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningJanus {
  url: string;
  apiSecret: string;
  /** Stops this Janus (SIGTERM, then SIGKILL); its rooms and sessions are gone. */
  stop(): Promise<void>;
  /** Starts it again on the same port and config (a Janus restart). */
  restart(): Promise<void>;
}

async function answers(url: string, apiSecret: string): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, 'janus-protocol');
    const done = (ok: boolean) => {
      ws.terminate();
      resolve(ok);
    };
    ws.on('open', () => ws.send(JSON.stringify({ janus: 'info', transaction: 'up', apisecret: apiSecret })));
    ws.on('message', (data) => done(String(data).includes('"server_info"')));
    ws.on('error', () => done(false));
  });
}

/** Starts a Janus of its own and waits until its WebSocket API answers. */
export async function startJanus(): Promise<RunningJanus> {
  const dir = mkdtempSync(path.join(tmpdir(), 'samaj-janus-'));
  const wsPort = await freePort();
  const apiSecret = randomBytes(18).toString('base64url');
  writeJanusConfig(dir, { wsPort, apiSecret });
  const url = `ws://127.0.0.1:${wsPort}`;
  let child: ChildProcess | undefined;

  const run = async () => {
    const started = spawn(JANUS_BIN, ['-F', dir, '-o', '-N', '-L', path.join(dir, 'janus.log')], {
      stdio: 'ignore',
    });
    child = started;
    const end = Date.now() + 15_000;
    while (Date.now() < end) {
      if (started.exitCode !== null)
        throw new Error(`janus exited (${started.exitCode}); see ${dir}/janus.log`);
      if (await answers(url, apiSecret)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    started.kill('SIGKILL');
    throw new Error(`janus did not answer on ${url}; see ${dir}/janus.log`);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };
  await run();
  return {
    url,
    apiSecret,
    stop: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    restart: async () => {
      await stop();
      await run();
    },
  };
}
