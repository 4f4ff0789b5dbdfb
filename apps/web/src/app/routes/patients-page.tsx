import type { Patient } from '@consultorio/shared';
import { prefetchPatientAgendaSummaries } from '../../features/agenda/api/get-appointment-summaries';
import { PatientAgendaSummary } from '../../features/agenda/components/patient-agenda-summary';
import { patientListQueryOptions } from '../../features/patients/api/list-patients';
import { PatientsPage as PatientList, PATIENT_SEARCH_PARAM } from '../../features/patients/pages/patients-page';
import { queryClient } from '../../lib/query-client';
import type { PrefetchData } from '../page-modules';

const agendaSummary = (patient: Patient) => <PatientAgendaSummary patientId={patient.id} />;
const askAgendaSummaries = (patients: readonly Patient[]) => prefetchPatientAgendaSummaries(queryClient, patients.map((patient) => patient.id));

/** 'Pacientes' (patients feature), each card with the patient's next appointment and attendance (agenda feature). */
export function PatientsPage() {
  return <PatientList renderCardDetails={agendaSummary} onPatientsShown={askAgendaSummaries} />;
}

/**
 * The list of the address's search, asked for beside the session check (page-modules.ts), then
 * the agenda summaries of its first page, so that the first cards are drawn with theirs.
 */
export const prefetchData: PrefetchData = (_params, search) => {
  const list = patientListQueryOptions((search.get(PATIENT_SEARCH_PARAM) ?? '').trim());
  void queryClient.prefetchInfiniteQuery(list).then(() => {
    const firstPage = queryClient.getQueryData(list.queryKey)?.pages[0];
    if (firstPage) askAgendaSummaries(firstPage.patients);
  });
};
