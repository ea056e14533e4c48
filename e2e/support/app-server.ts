import { serverEntry, serverEnv, serverFlags } from '../../scripts/server-command.mjs';

/**
 * Playwright's `webServer` entry for the compiled server, as operators run it, on the port and
 * throw-away DATA_DIR the config chose; both configs (peer-to-peer and SFU) start it this way and add
 * only the settings their mode needs.
 */
export function appServer(port: number, extraEnv: Record<string, string | undefined>) {
  const baseURL = `http://localhost:${port}`;
  return {
    command: ['node', ...serverFlags(), serverEntry].join(' '),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      ...serverEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      NODE_ENV: 'production',
      COMMUNITY_NAME: 'Samaj',
      E2E: '1',
      AUTH_RATE_LIMIT: 'off',
      ...extraEnv,
    } as Record<string, string>,
  };
}
