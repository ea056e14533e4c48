#!/usr/bin/env node
// `npm start`: build the web app and the server when their sources are newer than the builds, then run
// the server. One process serves the web app, the API, the realtime socket and the live-video signalling.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  isStale,
  root,
  SERVER_SOURCES,
  serverEntry,
  serverEnv,
  serverFlags,
  WEB_SOURCES,
} from './server-command.mjs';

function build(what, workspace) {
  console.log(`Building the ${what}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (isStale(join(root, 'apps/web/dist/index.html'), WEB_SOURCES)) build('web app', '@samaj/web');
if (isStale(serverEntry, SERVER_SOURCES)) build('server', '@samaj/server');

const server = spawn(process.execPath, [...serverFlags(), serverEntry], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env, ...serverEnv() },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
