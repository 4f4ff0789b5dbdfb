import { messages } from '@consultorio/shared';
import { useParams } from 'react-router';
import { PatientAgendaSummary } from '../../features/agenda/components/patient-agenda-summary';
import { PatientArea } from '../../features/patients/components/patient-area';
import { RecordList } from '../../features/records/components/record-list';

/** /patients/:patientId/records: the patient's area frame (which selects them) around their records. */
export function PatientRecordsPage() {
  const { patientId = '' } = useParams();
  return (
    <PatientArea patientId={patientId} title={messages.records.title} details={<PatientAgendaSummary patientId={patientId} />}>
      <RecordList patientId={patientId} />
    </PatientArea>
  );
}
