import { messages } from '@consultorio/shared';
import { useParams } from 'react-router';
import { PatientFrame } from './patient-frame';
import { RecordList } from '../../features/records/components/record-list';

/** /patients/:patientId/records: the patient's area frame (which selects them) around their records. */
export function PatientRecordsPage() {
  const { patientId = '' } = useParams();
  return (
    <PatientFrame patientId={patientId} title={messages.records.title}>
      <RecordList patientId={patientId} />
    </PatientFrame>
  );
}
