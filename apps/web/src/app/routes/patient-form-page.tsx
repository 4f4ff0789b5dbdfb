import { messages } from '@consultorio/shared';
import { useParams } from 'react-router';
import { useFormDetail } from '../../features/forms/api/get-form';
import { FormView } from '../../features/forms/components/form-view';
import { PatientAgendaSummary } from '../../features/agenda/components/patient-agenda-summary';
import { PatientArea } from '../../features/patients/components/patient-area';

/** /patients/:patientId/forms/:formId: one form inside the patient's area frame (which selects them). */
export function PatientFormPage() {
  const { patientId = '', formId = '' } = useParams();
  // Asked for now, beside the patient, rather than after the frame has loaded them.
  useFormDetail(formId);
  return (
    <PatientArea patientId={patientId} title={messages.forms.title} details={<PatientAgendaSummary patientId={patientId} />}>
      <FormView patientId={patientId} formId={formId} />
    </PatientArea>
  );
}
