import type { SurnameView } from '@samaj/core';
import { describe, expect, it } from 'vitest';
import { htmlToText, purifySurnameHtml, textToHtml } from './html';
import { filterSurnames } from './search';

const make = (name: string, name_guj: string, pronounce: string): SurnameView => ({
  id: name,
  name,
  name_guj,
  pronounce,
  gotra: '',
  gam: '',
  kuldevta: '',
  description: '',
  user_count: 0,
  updatedAt: new Date().toISOString(),
});

const list = [make('Patel', 'પટેલ', 'Paṭel'), make('Shah', 'શાહ', 'Śāh'), make('Joshi', 'જોશી', 'Jośī')];

describe('surname search', () => {
  it('finds by Latin name, Gujarati name or pronunciation, ignoring case and accents', () => {
    expect(filterSurnames(list, 'PAT').map((s) => s.name)).toEqual(['Patel']);
    expect(filterSurnames(list, 'શા').map((s) => s.name)).toEqual(['Shah']);
    expect(filterSurnames(list, 'jośī').map((s) => s.name)).toEqual(['Joshi']);
    expect(filterSurnames(list, 'sah').map((s) => s.name)).toEqual(['Shah']);
    expect(filterSurnames(list, '  ')).toHaveLength(3);
    expect(filterSurnames(list, 'zzz')).toEqual([]);
  });
});

describe('surname HTML', () => {
  it('renders nothing that runs', () => {
    const out = purifySurnameHtml(
      '<p onclick="x()">a</p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">l</a><iframe></iframe><style>p{}</style><a href="https://ok.example">ok</a>',
    );
    expect(out).not.toMatch(/onclick|<script|onerror|<img|javascript:|<iframe|<style/i);
    expect(out).toContain('href="https://ok.example"');
  });

  it("keeps a member's plain text as text, paragraphs and line breaks", () => {
    expect(textToHtml('First <b>line</b>\nsecond\n\nNext para')).toBe(
      '<p>First &lt;b&gt;line&lt;/b&gt;<br>second</p><p>Next para</p>',
    );
    expect(htmlToText('<p>Old   family</p><p>of <b>Surat</b></p>')).toBe('Old family of Surat');
  });
});
