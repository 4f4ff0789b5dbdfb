/**
 * The form of a name that search compares: lower case, accents removed, spaces collapsed,
 * so 'joao' finds 'João'. The server stores it beside each patient and sorts by it.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** First and last name as shown everywhere. */
export function fullNameOf(person: { firstName: string; lastName: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ');
}

/** How a professional is named to patients: the title (when given) before the full name, as in 'Dra. Ana Souza'. */
export function professionalNameOf(person: { title: string | null; firstName: string; lastName: string | null }): string {
  return [person.title, fullNameOf(person)].filter(Boolean).join(' ');
}
