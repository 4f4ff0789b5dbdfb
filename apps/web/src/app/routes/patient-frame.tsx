import type { ReactNode } from 'react';
import { PatientAgendaSummary } from '../../features/agenda/components/patient-agenda-summary';
import { AlertsBanner } from '../../features/measurement/components/alerts-banner';
import { PatientArea } from '../../features/patients/components/patient-area';

interface PatientFrameProps {
  patientId: string;
  title: string;
  children: ReactNode;
}

/**
 * Every page of a patient: the patient's area frame, with the next appointment and attendance
 * (agenda feature) in its header and, first, the red banner of open safety alerts.
 */
export function PatientFrame({ patientId, title, children }: PatientFrameProps) {
  return (
    <PatientArea patientId={patientId} title={title} details={<PatientAgendaSummary patientId={patientId} />}>
      <AlertsBanner patientId={patientId} />
      {children}
    </PatientArea>
  );
}
