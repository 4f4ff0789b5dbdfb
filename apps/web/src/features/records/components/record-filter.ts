import { searchKey, type ClinicalRecord } from '@consultorio/shared';

/** Newest first, by creation; the server already sends them so, this keeps it after any cache update. */
export function sortNewestFirst(records: readonly ClinicalRecord[]): ClinicalRecord[] {
  return [...records].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** The records whose name contains what was typed, ignoring case and accents. */
export function filterRecords(records: readonly ClinicalRecord[], search: string): ClinicalRecord[] {
  const key = searchKey(search);
  if (key === '') return [...records];
  return records.filter((record) => searchKey(record.name).includes(key));
}
