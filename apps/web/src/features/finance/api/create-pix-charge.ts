import { financeApi } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface PixChargeVariables {
  patientId: string;
  appointmentIds: string[];
  sendEmail: boolean;
}

export function createPixCharge({ patientId, appointmentIds, sendEmail }: PixChargeVariables) {
  return apiClient.call(financeApi.createPixCharge, { params: { id: patientId }, body: { appointmentIds, sendEmail } });
}

/** A static Pix charge ('copia e cola' and QR Code) for the chosen sessions. */
export function useCreatePixCharge() {
  return useMutation({ mutationFn: createPixCharge });
}
