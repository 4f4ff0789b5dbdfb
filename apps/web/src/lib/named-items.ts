import { searchKey } from '@consultorio/shared';

/** Newest first, by creation; the server already sends lists so, this keeps it after any cache update. */
export function sortNewestFirst<T extends { createdAt: string; id: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** The items whose name contains what was typed, ignoring case and accents. */
export function filterByName<T extends { name: string }>(items: readonly T[], search: string): T[] {
  const key = searchKey(search);
  if (key === '') return [...items];
  return items.filter((item) => searchKey(item.name).includes(key));
}
