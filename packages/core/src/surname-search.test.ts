import { describe, expect, it } from 'vitest';
import { filterSurnames, sortSurnames } from './surname-search.ts';

const make = (name: string, name_guj: string, pronounce: string) => ({ name, name_guj, pronounce });
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

  it('sorts by the Gujarati name, then the Latin one', () => {
    const sorted = sortSurnames([...list, make('Patell', 'પટેલ', '')]);
    expect(sorted.map((s) => s.name)).toEqual(['Joshi', 'Patel', 'Patell', 'Shah']);
  });
});
