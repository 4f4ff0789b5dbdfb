import { portalApi } from '@consultorio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

const portalKey = ['portal'] as const;

export function usePortalAppointments(enabled: boolean) {
  return useQuery({
    queryKey: [...portalKey, 'appointments'],
    queryFn: async ({ signal }) => (await apiClient.call(portalApi.appointments, { signal })).data.appointments,
    enabled,
    retry: false,
  });
}

export function usePortalLists(enabled: boolean) {
  const forms = useQuery({ queryKey: [...portalKey, 'forms'], queryFn: async ({ signal }) => (await apiClient.call(portalApi.forms, { signal })).data.forms, enabled });
  const receipts = useQuery({ queryKey: [...portalKey, 'receipts'], queryFn: async ({ signal }) => (await apiClient.call(portalApi.receipts, { signal })).data.receipts, enabled });
  const documents = useQuery({ queryKey: [...portalKey, 'documents'], queryFn: async ({ signal }) => (await apiClient.call(portalApi.documents, { signal })).data.documents, enabled });
  return { forms, receipts, documents };
}

export function signInToPortal(token: string) {
  return apiClient.call(portalApi.signIn, { body: { token } });
}

export function useRequestPortalLink() {
  return useMutation({ mutationFn: (email: string) => apiClient.call(portalApi.requestSignIn, { body: { email } }) });
}

export function useSignOutOfPortal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => apiClient.call(portalApi.signOut, {}), onSuccess: () => queryClient.removeQueries({ queryKey: portalKey }) });
}

/** Confirm, cancel or reschedule one appointment; the list is read again. */
export function usePortalAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { id: string } & ({ kind: 'confirm' } | { kind: 'cancel'; reason: string } | { kind: 'reschedule'; startsAt: string })) => {
      const params = { id: action.id };
      if (action.kind === 'confirm') return apiClient.call(portalApi.confirm, { params });
      if (action.kind === 'cancel') return apiClient.call(portalApi.cancel, { params, body: { reason: action.reason } });
      return apiClient.call(portalApi.reschedule, { params, body: { startsAt: action.startsAt } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalKey }),
  });
}
