import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { backupCommands } from './cli/backup.ts';
import { memberCommands } from './cli/commands.ts';
import { copyToPostgresCommand } from './cli/copy-to-postgres.ts';
import { ConfigError, loadConfig } from './config.ts';
import { importSurnamesCommand } from './features/surnames/cli.ts';
import { ImportError } from './features/surnames/import.ts';
import { type Command, type CommandContext, CommandError, withDatabase } from './platform/command.ts';
import { ownerOnlyFromNowOn } from './platform/data-dir.ts';
import { LockError } from './platform/lock.ts';

/** Every operator command; add one line per command. */
export const commands: Command[] = [
  importSurnamesCommand,
  ...memberCommands,
  copyToPostgresCommand,
  ...backupCommands,
];

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const consoleIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

function help(io: CliIo): void {
  io.out('Usage: npm run cli -- <command> [arguments]');
  io.out('');
  io.out('Commands:');
  const width = Math.max(...commands.map((c) => `${c.name} ${c.usage}`.length), 'help'.length);
  io.out(`  ${'help'.padEnd(width)}  Show this list`);
  for (const command of commands)
    io.out(`  ${`${command.name} ${command.usage}`.padEnd(width)}  ${command.summary}`);
  io.out('');
  io.out('Commands use the same environment as the server (DATA_DIR, DATABASE_URL, ...).');
}

/** Runs one command and returns the exit code; every failure is one line on stderr. */
export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: CliIo = consoleIo,
): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    help(io);
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`Unknown command "${name}". Run \`npm run cli -- help\` for the list.`);
    return 1;
  }
  try {
    const config = loadConfig(env);
    const context: CommandContext = {
      config,
      out: io.out,
      err: io.err,
      withDatabase: (fn) => withDatabase(config, fn),
    };
    return (await command.run(args, context)) ?? 0;
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof LockError ||
      error instanceof CommandError ||
      error instanceof ImportError
    ) {
      io.err(error.message);
      return 1;
    }
    io.err(`${command.name} failed: ${(error as Error).message}`);
    return 1;
  }
}

const invokedDirectly =
  process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  // Whatever a command writes into DATA_DIR (PGlite files, imported images) is owner-only.
  ownerOnlyFromNowOn();
  const code = await runCli(process.argv.slice(2));
  // peer/pg timers must not keep a finished command alive.
  process.exit(code);
}
