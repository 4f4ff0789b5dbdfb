import { measurementApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { planListQueryKey } from './list-plans';

export interface DeletePlanVariables {
  patientId: string;
  planId: string;
}

export function deletePlan({ planId }: DeletePlanVariables) {
  return apiClient.call(measurementApi.deletePlan, { params: { id: planId } });
}

/** Ends a plan: nothing more is sent; forms already sent stay. */
export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: async (_response, { patientId }) => {
      await queryClient.invalidateQueries({ queryKey: planListQueryKey(patientId) });
    },
  });
}
