import { measurementApi, type PlanCreateRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { formListQueryKey } from '../../../lib/query-keys';
import { planListQueryKey } from './list-plans';

export interface CreatePlanVariables {
  patientId: string;
  plan: PlanCreateRequest;
}

export function createPlan({ patientId, plan }: CreatePlanVariables) {
  return apiClient.call(measurementApi.createPlan, { params: { id: patientId }, body: plan });
}

/** A new plan; one every N weeks sends its first form at once, so the patient's forms change too. */
export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: async (_response, { patientId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: planListQueryKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: formListQueryKey(patientId) }),
      ]);
    },
  });
}
