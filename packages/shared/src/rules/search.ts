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
