import { messages } from '@consultorio/shared';
import { useParams } from 'react-router';
import { MeasurementView } from '../../features/measurement/pages/measurement-view';
import { PatientFrame } from './patient-frame';

/** /patients/:patientId/measurement: the patient's score trends and measurement plans (the charts a chunk of their own). */
export function PatientMeasurementPage() {
  const { patientId = '' } = useParams();
  return (
    <PatientFrame patientId={patientId} title={messages.measurement.title}>
      <MeasurementView patientId={patientId} />
    </PatientFrame>
  );
}
