/** SPEC-adjacent rule of issue 10: members with the Admin or Publisher label create events. */
export function canCreateEvents(labels: readonly string[]): boolean {
  return labels.includes('Admin') || labels.includes('Publisher');
}
