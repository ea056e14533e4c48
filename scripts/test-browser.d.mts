export const CHROMIUM: string;
export const QUIET_ARGS: string[];
export const WEBRTC_ARGS: string[];
export function freePort(): Promise<number>;
