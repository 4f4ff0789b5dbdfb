import { useQuery } from '@tanstack/react-query';
import { formListQueryOptions } from '../../../lib/patient-lists';

// The keys and the fetch live in lib because the chats feature reads these lists too.
export { formListQueryKey, formListsQueryKey } from '../../../lib/query-keys';

/** The patient's forms, newest first, each with its questionnaire's name. */
export function useFormList(patientId: string) {
  return useQuery(formListQueryOptions(patientId));
}
