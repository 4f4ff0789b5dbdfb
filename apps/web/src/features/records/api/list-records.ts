import { useQuery } from '@tanstack/react-query';
import { recordListQueryOptions } from '../../../lib/patient-lists';

// The keys and the fetch live in lib because the chats feature reads these lists too.
export { recordListQueryKey, recordListsQueryKey } from '../../../lib/query-keys';

/** The patient's records, newest first. */
export function useRecordList(patientId: string) {
  return useQuery(recordListQueryOptions(patientId));
}
