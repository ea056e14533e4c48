#!/usr/bin/env node
// `npm run cli -- <command>`: the operator's commands, compiled with the server (built first when its
// sources are newer, as `npm start` does), so a command starts in about a second instead of compiling
// the server's TypeScript each time.
import { spawn, spawnSync } from 'node:child_process';
import { cliEntry, isStale, root, SERVER_SOURCES } from './server-command.mjs';

if (isStale(cliEntry, SERVER_SOURCES)) {
  console.error('Building the server…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@samaj/server'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const command = spawn(process.execPath, [cliEntry, ...process.argv.slice(2)], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => command.kill(signal));
command.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
