export const root: string;
export const serverEntry: string;
export function serverFlags(env?: Record<string, string | undefined>): string[];
export function isStale(built: string, sources: string[]): boolean;
export const WEB_SOURCES: string[];
export const SERVER_SOURCES: string[];
