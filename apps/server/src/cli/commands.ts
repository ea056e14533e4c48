// `npm run cli -- grant|revoke|block|unblock ...`. PostgreSQL: straight to the
// database. PGlite: through the running server's operator socket when a server
// holds DATA_DIR, else the command opens the database itself (taking the lock).
import fs from 'node:fs';
import path from 'node:path';
import { LABELS } from '@samaj/core';
import type { Config } from '../config.ts';
import { type Command, type CommandContext, CommandError } from '../platform/command.ts';
import { type MemberCommand, runMemberCommand } from './members.ts';
import { sendToServer } from './socket.ts';

/** The line to print on success; throws CommandError with the line to print on refusal. */
export async function runMemberCommandFromShell(
  config: Config,
  command: MemberCommand,
  args: string[],
  withDatabase: CommandContext['withDatabase'],
): Promise<string> {
  if (!config.databaseUrl) {
    const viaServer = await sendToServer(config.dataDir, command, args);
    if (viaServer) {
      if (!viaServer.ok) throw new CommandError(viaServer.message);
      return viaServer.message;
    }
    if (!fs.existsSync(path.join(config.dataDir, 'pglite'))) {
      throw new CommandError(
        `No Samaj database in DATA_DIR ${config.dataDir}. Set DATA_DIR (or DATABASE_URL) to where the server keeps its data.`,
      );
    }
  }
  // With PGlite this takes the DATA_DIR lock: a server that holds it but did not
  // answer on its socket makes the command refuse clearly (LockError).
  return withDatabase((db) => runMemberCommand(db, command, args, undefined, config));
}

function memberCommand(name: MemberCommand, usage: string, summary: string, arity: number): Command {
  return {
    name,
    usage,
    summary,
    async run(args, context) {
      if (args.length !== arity) throw new CommandError(`Usage: npm run cli -- ${name} ${usage}`);
      context.out(await runMemberCommandFromShell(context.config, name, args, context.withDatabase));
    },
  };
}

export const memberCommands: Command[] = [
  memberCommand('grant', '<username> <Label>', `Give a member a label (${LABELS.join(', ')}).`, 2),
  memberCommand('revoke', '<username> <Label>', 'Take a label away from a member.', 2),
  memberCommand('block', '<username>', 'Block a member: they cannot log in and their sessions end.', 1),
  memberCommand('unblock', '<username>', 'Let a blocked member log in again.', 1),
  memberCommand(
    'reset-link',
    '<username>',
    'Print a one-time password link for a member (valid 24 hours; ends their sessions when used).',
    1,
  ),
];
