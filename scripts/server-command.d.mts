export const root: string;
export const serverEntry: string;
export function serverFlags(env?: Record<string, string | undefined>): string[];
export function serverEnv(env?: Record<string, string | undefined>): {
  MALLOC_ARENA_MAX: string;
  GLIBC_TUNABLES: string;
};
export function isStale(built: string, sources: string[]): boolean;
export const WEB_SOURCES: string[];
export const SERVER_SOURCES: string[];
