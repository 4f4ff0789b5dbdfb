import { matchesSearch } from '@consultorio/shared';

/** Newest first, by creation; the server already sends lists so, this keeps it after any cache update. */
export function sortNewestFirst<T extends { createdAt: string; id: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** The items whose name holds every word typed, in any order, ignoring case and accents (as the patient search). */
export function filterByName<T extends { name: string }>(items: readonly T[], search: string): T[] {
  return items.filter((item) => matchesSearch(item.name, search));
}
