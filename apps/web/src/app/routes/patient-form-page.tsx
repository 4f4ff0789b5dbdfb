import { messages } from '@consultorio/shared';
import { useParams } from 'react-router';
import { formQueryOptions, useFormDetail } from '../../features/forms/api/get-form';
import { FormView } from '../../features/forms/components/form-view';
import { patientQueryOptions } from '../../features/patients/api/get-patient';
import { queryClient } from '../../lib/query-client';
import type { PrefetchData } from '../page-modules';
import { PatientFrame } from './patient-frame';

/** /patients/:patientId/forms/:formId: one form inside the patient's area frame (which selects them). */
export function PatientFormPage() {
  const { patientId = '', formId = '' } = useParams();
  // Asked for now, beside the patient, rather than after the frame has loaded them.
  useFormDetail(formId);
  return (
    <PatientFrame patientId={patientId} title={messages.forms.title}>
      <FormView patientId={patientId} formId={formId} />
    </PatientFrame>
  );
}

/** The form and its patient, asked for beside the session check (page-modules.ts). */
export const prefetchData: PrefetchData = ({ patientId = '', formId = '' }) => {
  void queryClient.prefetchQuery(formQueryOptions(formId));
  void queryClient.prefetchQuery(patientQueryOptions(patientId));
};
