// The event's .ics as any calendar reads it: no text of the event starts a line of its own, whatever
// a calendar takes for a line end (CRLF, CR or LF); lines folded at 75 octets without splitting a
// character; and an end two hours after the start (the form has no end time).
import { beforeAll, expect, it } from 'vitest';
import { caller } from '../../../test/api.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createAdmin, createMember, type TestMember } from '../../../test/members.ts';

const PUBLIC_URL = 'https://samaj.kutch.example';
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The physical lines of an .ics, each as bytes (split at CRLF only, as RFC 5545 says). */
function physicalLines(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
      lines.push(bytes.subarray(start, i));
      start = i + 2;
    }
  }
  expect(start, 'the file ends with CRLF').toBe(bytes.length);
  return lines;
}

describeEachDatabase(
  'event calendar file',
  (ctx) => {
    const call = caller(ctx);
    let admin: TestMember;
    let asha: TestMember;

    beforeAll(async () => {
      admin = await createAdmin(ctx.app);
      asha = await createMember(ctx.app);
    }, 90_000);

    async function calendarOf(over: Record<string, unknown>): Promise<{ id: string; bytes: Buffer }> {
      const created = await call('POST', '/api/events', admin, {
        name: 'Navratri garba',
        description: '',
        time: '2026-12-01T13:30:00.000Z',
        location: '',
        ...over,
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id;
      const res = await call('GET', `/api/events/${id}/calendar`, asha);
      expect(res.statusCode, res.body).toBe(200);
      return { id, bytes: res.rawPayload };
    }

    it('no carriage return, line feed or other control character of the event reaches a line of its own', async () => {
      const { bytes } = await calendarOf({
        name: 'Garba\rORGANIZER:mailto:boss@evil.example',
        description:
          'Bring dandiya\rBEGIN:VALARM\rTRIGGER:-PT1M\rEND:VALARM\r\nLine two\nLine three\u000b\u2028tail',
        location: 'Samaj Wadi\rATTENDEE:mailto:x@evil.example',
      });
      const text = bytes.toString('utf8');
      // Read as a calendar that ends lines at CR, or at LF, would: no injected property.
      const lines = text.split(/\r\n|\r|\n|\u2028|\u2029/);
      for (const line of lines) {
        expect(line, 'a line of its own').not.toMatch(
          /^(ORGANIZER|BEGIN:VALARM|TRIGGER|END:VALARM|ATTENDEE)/,
        );
      }
      // Every CR ends a line (CRLF), every LF is a line's end, nothing else of C0/DEL is left.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point.
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f\u2028\u2029]/);
      const logical = text.replace(/\r\n[ \t]/g, '').split('\r\n');
      expect(logical).toContain('SUMMARY:Garba\\nORGANIZER:mailto:boss@evil.example');
      expect(logical).toContain('LOCATION:Samaj Wadi\\nATTENDEE:mailto:x@evil.example');
      expect(logical.find((l) => l.startsWith('DESCRIPTION:'))).toMatch(
        /^DESCRIPTION:Bring dandiya\\nBEGIN:VALARM\\nTRIGGER:-PT1M\\nEND:VALARM\\nLine two\\nLine three\\ntail\\n\\n/,
      );
      expect(logical.filter((l) => l.startsWith('BEGIN:'))).toEqual(['BEGIN:VCALENDAR', 'BEGIN:VEVENT']);
    });

    it('folds lines at 75 octets, never inside a character, and the unfolded text is the event’s', async () => {
      const description = 'નવરાત્રી ગરબા: સમાજ વાડીમાં નવ રાત, દાંડિયા સાથે લાવજો. '.repeat(12).trim();
      const name = 'શરદ પૂર્ણિમા ગરબા મહોત્સવ — સમાજ વાડી, ભુજ (કચ્છ)';
      const { id, bytes } = await calendarOf({ name, description, location: 'સમાજ વાડી, ભુજ' });
      const lines = physicalLines(bytes);
      expect(lines.length).toBeGreaterThan(20);
      for (const line of lines) {
        expect(line.length, line.toString('utf8')).toBeLessThanOrEqual(75);
        // Each line is whole UTF-8 by itself: a fold never splits a character's bytes.
        expect(() => utf8.decode(line)).not.toThrow();
      }
      const logical = utf8
        .decode(bytes)
        .replace(/\r\n[ \t]/g, '')
        .split('\r\n');
      expect(logical).toContain(`SUMMARY:${name.replace(/,/g, '\\,')}`);
      expect(logical).toContain(
        `DESCRIPTION:${description.replace(/,/g, '\\,')}\\n\\n${PUBLIC_URL}/event/${id}`,
      );
      expect(logical).toContain('LOCATION:સમાજ વાડી\\, ભુજ');
    });

    it('ends two hours after it starts', async () => {
      const { bytes } = await calendarOf({ time: '2026-12-31T22:45:00.000Z' });
      const logical = bytes
        .toString('utf8')
        .replace(/\r\n[ \t]/g, '')
        .split('\r\n');
      expect(logical).toContain('DTSTART:20261231T224500Z');
      expect(logical).toContain('DTEND:20270101T004500Z');
      expect(logical.some((l) => l.startsWith('DURATION'))).toBe(false);
    });
  },
  { env: { PUBLIC_URL } },
);
