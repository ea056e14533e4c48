// Audit before/after are JSON objects of a few fields; staff read them as a table of fields with
// the changed ones marked, not as raw JSON.

export interface FieldRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

function asRecord(value: unknown): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  return value === null || value === undefined ? {} : { value };
}

export function changedFields(before: unknown, after: unknown): FieldRow[] {
  const a = asRecord(before);
  const b = asRecord(after);
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields.map((field) => ({
    field,
    before: a[field],
    after: b[field],
    changed: JSON.stringify(a[field]) !== JSON.stringify(b[field]),
  }));
}

export function formatValue(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (Array.isArray(value)) return value.length ? value.map((v) => formatValue(v, empty)).join(', ') : empty;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
