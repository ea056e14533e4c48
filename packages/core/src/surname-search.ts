// How members find a surname, wherever they look for one: the directory (/surnames) and the first
// step of signup share the search and the order, so a surname is found the same way in both.

/**
 * Folds Latin text for matching: case and accents ignored, so "patel" finds "Paṭel" (pronounce).
 * Only Latin combining marks are removed: Gujarati vowel signs are combining marks too and carry
 * meaning, so Gujarati is matched as typed (after NFC).
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .trim();
}

interface Searchable {
  name: string;
  name_guj: string;
  pronounce?: string | null;
}

/** Surnames whose Latin name, Gujarati name or pronunciation contains the query. */
export function filterSurnames<T extends Searchable>(list: T[], query: string): T[] {
  const q = foldForSearch(query);
  if (!q) return list;
  return list.filter((s) =>
    [s.name, s.name_guj, s.pronounce ?? ''].some((field) => foldForSearch(field).includes(q)),
  );
}

let collator: Intl.Collator | undefined;

/**
 * The one order of surname lists: by the Gujarati name, as the lists are labelled and read (then by
 * the Latin name, so equal Gujarati spellings keep a fixed order). Returns a new array.
 */
export function sortSurnames<T extends Searchable>(list: readonly T[]): T[] {
  collator ??= new Intl.Collator('gu');
  return [...list].sort(
    (a, b) => collator?.compare(a.name_guj, b.name_guj) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}
