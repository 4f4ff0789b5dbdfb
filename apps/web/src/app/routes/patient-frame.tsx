import type { ReactNode } from 'react';
import { AlertsBanner } from '../../features/measurement/components/alerts-banner';
import { PatientArea } from '../../features/patients/components/patient-area';

interface PatientFrameProps {
  patientId: string;
  title: string;
  children: ReactNode;
}

/** Every page of a patient: the patient's area frame with, first, the red banner of their open safety alerts. */
export function PatientFrame({ patientId, title, children }: PatientFrameProps) {
  return (
    <PatientArea patientId={patientId} title={title}>
      <AlertsBanner patientId={patientId} />
      {children}
    </PatientArea>
  );
}
