import { searchKey, type Form } from '@consultorio/shared';

/** Newest first, by creation; the server already sends them so, this keeps it after any cache update. */
export function sortNewestFirst(forms: readonly Form[]): Form[] {
  return [...forms].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** The forms whose name contains what was typed, ignoring case and accents. */
export function filterForms(forms: readonly Form[], search: string): Form[] {
  const key = searchKey(search);
  if (key === '') return [...forms];
  return forms.filter((form) => searchKey(form.name).includes(key));
}
