import { messages } from '@consultorio/shared';
import { useParams } from 'react-router';
import { PatientAgendaSummary } from '../../features/agenda/components/patient-agenda-summary';
import { PatientArea } from '../../features/patients/components/patient-area';
import { useRecordDetail } from '../../features/records/api/get-record';
import { RecordView } from '../../features/records/components/record-view';

/**
 * /patients/:patientId/records/:recordId: one record inside the patient's area frame (which
 * selects them). This module is the only way to the editor, so Quill stays out of other chunks.
 */
export function PatientRecordPage() {
  const { patientId = '', recordId = '' } = useParams();
  // Asked for now, beside the patient, rather than after the frame has loaded them.
  useRecordDetail(recordId);
  return (
    <PatientArea patientId={patientId} title={messages.records.title} details={<PatientAgendaSummary patientId={patientId} />}>
      <RecordView patientId={patientId} recordId={recordId} />
    </PatientArea>
  );
}
