/** SPEC §2: singular up to 1, plural above 1 (so '0 member registered', as the spec words it). */
export function memberKey(count: number, prefix: 'card' | 'detail'): string {
  return `${prefix}.${count > 1 ? 'memberMany' : 'memberOne'}`;
}
