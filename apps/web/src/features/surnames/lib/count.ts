/** Singular up to 1, plural above 1, so '0 member registered' (docs/product/surnames.md, "Surname list"). */
export function memberKey(count: number, prefix: 'card' | 'detail'): string {
  return `${prefix}.${count > 1 ? 'memberMany' : 'memberOne'}`;
}
