import { describe, expect, it } from 'vitest';
import { CURSOR_MAX, cursorSchema, decodeCursor, encodeCursor } from './cursor.ts';

describe('list cursors', () => {
  it('carry a position there and back, in characters a URL keeps as they are', () => {
    const position = { at: '2026-12-02T04:20:39.123456Z', id: 'asha_patel-2' };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain('asha');
    expect(decodeCursor(cursor)).toEqual(position);
    expect(encodeCursor({ at: position.at, id: 'x'.repeat(64) }).length).toBeLessThanOrEqual(CURSOR_MAX);
  });

  it('refuse anything the server could not have made', () => {
    const bad = [
      'asha',
      '',
      'a'.repeat(CURSOR_MAX + 1),
      'not base64!',
      encodeCursor({ at: '2026-02-30T04:20:39.123456Z', id: 'asha' }),
      encodeCursor({ at: '2026-12-02T24:00:00.000000Z', id: 'asha' }),
      encodeCursor({ at: '2026-12-02T04:20:39.123Z', id: 'asha' }),
      encodeCursor({ at: '2026-12-02T04:20:39.123456Z', id: "a' or 1=1" }),
      encodeCursor({ at: '2026-12-02T04:20:39.123456Z', id: '' }),
    ];
    for (const cursor of bad) {
      expect(decodeCursor(cursor), cursor).toBeNull();
      expect(cursorSchema.safeParse(cursor).success, cursor).toBe(false);
    }
    expect(cursorSchema.safeParse(undefined).success).toBe(true);
  });
});
