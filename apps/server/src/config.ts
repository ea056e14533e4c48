import type { z } from 'zod';
import { configSchema } from './config/schema.ts';
import type { Config } from './config/types.ts';

export { CONFIG_VARIABLES, LIVE_MAX_VIEWERS_SFU_DEFAULT } from './config/schema.ts';
export type {
  Config,
  MailConfig,
  S3Config,
  TurnConfig,
  VapidKeys,
} from './config/types.ts';

/** A configuration problem, told to the operator in one line (main.ts prints `message` and exits 1). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The environment the configuration is read from: process.env, or what a test gives. */
type Env = Record<string, string | undefined>;

/**
 * Reads the whole configuration from the environment (the only place that does), through one schema
 * (config/schema.ts). Every problem becomes a ConfigError whose message is one line an operator can
 * act on: the first problem found, naming its variable.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const result = configSchema(cwd).safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(lineOf(result.error.issues[0]));
}

/** `<NAME> …` as the schema words it; a message that does not name its variable gets `<NAME>: ` before it. */
function lineOf(issue: z.core.$ZodIssue | undefined): string {
  const name = issue?.path[0] === undefined ? '' : String(issue.path[0]);
  const message = (issue?.message ?? 'the configuration is not valid').replace(/\s*\n\s*/g, ' ');
  return name && !message.includes(name) ? `${name}: ${message}` : message;
}
