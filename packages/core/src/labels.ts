import { LABELS, type Label } from './constants.ts';

export function isLabel(value: unknown): value is Label {
  return typeof value === 'string' && (LABELS as readonly string[]).includes(value);
}

export function hasLabel(labels: readonly string[] | null | undefined, label: Label): boolean {
  return !!labels?.includes(label);
}

/** Known labels only, each once, in badge order (Verified first: it is the tick). */
export function normalizeLabels(labels: readonly string[] | null | undefined): Label[] {
  return LABELS.filter((label) => labels?.includes(label));
}
