/**
 * Accents as NFD leaves them. Made once: esbuild writes a `\p{…}` literal as `new RegExp(…)`
 * for every node target, which would build the expression again on each call (each list request).
 */
const COMBINING_MARKS = /\p{M}/gu;

/**
 * The form of a name that search compares: lower case, accents removed, spaces collapsed,
 * so 'joao' finds 'João'. The server stores it beside each patient and sorts by it.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The words a search looks for, each on its own and in any order ('lima marcos' finds 'Marcos
 * Lima'), in `searchKey` form. A word found inside another of the query is left out: whatever
 * holds the longer one holds it too ('ana anabela' looks for 'anabela').
 */
export function searchWords(query: string): string[] {
  const words = [...new Set(searchKey(query).split(' ').filter(Boolean))];
  return words.filter((word) => !words.some((other) => other !== word && other.includes(word)));
}

/** Whether `text` holds every word of the search `query` (an empty query matches everything). */
export function matchesSearch(text: string, query: string): boolean {
  const key = searchKey(text);
  return searchWords(query).every((word) => key.includes(word));
}

/** First and last name as shown everywhere. */
export function fullNameOf(person: { firstName: string; lastName: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ');
}

/** How a professional is named to patients: the title (when given) before the full name, as in 'Dra. Ana Souza'. */
export function professionalNameOf(person: { title: string | null; firstName: string; lastName: string | null }): string {
  return [person.title, fullNameOf(person)].filter(Boolean).join(' ');
}

/** Letters NFD does not split into a base letter and a mark. */
// Escaped: the server's bundle keeps its source in Latin-1 (ł, đ, ø, æ, œ, ß).
const LETTERS_WITHOUT_MARKS: Record<string, string> = { '\u0142': 'l', '\u0111': 'd', '\u00f8': 'o', '\u00e6': 'ae', '\u0153': 'oe', '\u00df': 'ss' };
const OTHER_LETTERS = /[\u0142\u0111\u00f8\u00e6\u0153\u00df]/g;

/** A name as a file name's part: ASCII lower case, accents removed, any other character a single hyphen ('Declaração de Lia' → 'declaracao-de-lia'). */
export function fileSlug(text: string): string {
  return searchKey(text)
    .replace(OTHER_LETTERS, (letter) => LETTERS_WITHOUT_MARKS[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
