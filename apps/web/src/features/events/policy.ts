/** Members with the Admin or Publisher label create events (docs/product/events.md, "Who may do what"). */
export function canCreateEvents(labels: readonly string[]): boolean {
  return labels.includes('Admin') || labels.includes('Publisher');
}
