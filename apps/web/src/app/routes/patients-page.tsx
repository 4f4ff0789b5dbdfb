import type { Patient } from '@consultorio/shared';
import { PatientAgendaSummary } from '../../features/agenda/components/patient-agenda-summary';
import { PatientsPage as PatientList } from '../../features/patients/pages/patients-page';

const agendaSummary = (patient: Patient) => <PatientAgendaSummary patientId={patient.id} />;

/** 'Pacientes' (patients feature), each card with the patient's next appointment and attendance (agenda feature). */
export function PatientsPage() {
  return <PatientList renderCardDetails={agendaSummary} />;
}
