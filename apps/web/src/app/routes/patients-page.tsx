import type { Patient } from '@consultorio/shared';
import { PatientAgendaSummary } from '../../features/agenda/components/patient-agenda-summary';
import { patientListQueryOptions } from '../../features/patients/api/list-patients';
import { PatientsPage as PatientList, PATIENT_SEARCH_PARAM } from '../../features/patients/pages/patients-page';
import { queryClient } from '../../lib/query-client';
import type { PrefetchData } from '../page-modules';

const agendaSummary = (patient: Patient) => <PatientAgendaSummary patientId={patient.id} />;

/** 'Pacientes' (patients feature), each card with the patient's next appointment and attendance (agenda feature). */
export function PatientsPage() {
  return <PatientList renderCardDetails={agendaSummary} />;
}

/** The list of the address's search, asked for beside the session check (page-modules.ts). */
export const prefetchData: PrefetchData = (_params, search) => {
  void queryClient.prefetchInfiniteQuery(patientListQueryOptions((search.get(PATIENT_SEARCH_PARAM) ?? '').trim()));
};
