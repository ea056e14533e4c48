import { formatEventDate } from '@samaj/core';

/** An event's start as members read it: 'dd/MM/yyyy · HH:mm' in their own time zone (SPEC §9 dates). */
export function formatEventStart(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatEventDate(d)} · ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
