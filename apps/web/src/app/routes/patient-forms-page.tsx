import { messages } from '@consultorio/shared';
import { useParams } from 'react-router';
import { FormList } from '../../features/forms/components/form-list';
import { PatientAgendaSummary } from '../../features/agenda/components/patient-agenda-summary';
import { PatientArea } from '../../features/patients/components/patient-area';

/** /patients/:patientId/forms: the patient's area frame (which selects them) around their forms. */
export function PatientFormsPage() {
  const { patientId = '' } = useParams();
  return (
    <PatientArea patientId={patientId} title={messages.forms.title} details={<PatientAgendaSummary patientId={patientId} />}>
      <FormList patientId={patientId} />
    </PatientArea>
  );
}
