import { portalApi, type BookingSlot } from '@consultorio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, hasErrorCode, urlOf } from '../../../lib/api-client';

/** The portal's answer while the terms wait for the patient's acceptance. */
export const CONSENT_REQUIRED = 'PORTAL_CONSENT_REQUIRED';

const portalKey = ['portal'] as const;

export function usePortalAppointments(enabled: boolean) {
  return useQuery({
    queryKey: [...portalKey, 'appointments'],
    queryFn: async ({ signal }) => (await apiClient.call(portalApi.appointments, { signal })).data.appointments,
    enabled,
    retry: false,
    // The page shows the terms instead of a toast.
    meta: { errorShownInline: (error: unknown) => hasErrorCode(error, CONSENT_REQUIRED) },
  });
}

export function usePortalLists(enabled: boolean) {
  const forms = useQuery({ queryKey: [...portalKey, 'forms'], queryFn: async ({ signal }) => (await apiClient.call(portalApi.forms, { signal })).data.forms, enabled });
  const receipts = useQuery({ queryKey: [...portalKey, 'receipts'], queryFn: async ({ signal }) => (await apiClient.call(portalApi.receipts, { signal })).data.receipts, enabled });
  const documents = useQuery({ queryKey: [...portalKey, 'documents'], queryFn: async ({ signal }) => (await apiClient.call(portalApi.documents, { signal })).data.documents, enabled });
  const balances = useQuery({ queryKey: [...portalKey, 'balance'], queryFn: async ({ signal }) => (await apiClient.call(portalApi.balance, { signal })).data.balances, enabled });
  return { forms, receipts, documents, balances };
}

/** The portal's terms: whether they must still be accepted, and for whom. */
export function usePortalConsent() {
  return useQuery({ queryKey: [...portalKey, 'consent'], queryFn: async ({ signal }) => (await apiClient.call(portalApi.consent, { signal })).data.consent });
}

/** Accepts the terms; everything of the portal is read again. */
export function useAcceptPortalConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pendingSince: string | null) => apiClient.call(portalApi.acceptConsent, { body: { accept: true, ...(pendingSince ? { pendingSince } : {}) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKey }),
  });
}

/** The free slots an appointment may move to, between two days. */
export async function listSlotsToMove(id: string, range: { from: string; to: string }, signal: AbortSignal): Promise<BookingSlot[]> {
  return (await apiClient.call(portalApi.slots, { params: { id }, query: range, signal })).data.slots;
}

/** Where the browser downloads one of the patient's receipts or documents as a PDF. */
export function receiptPdfUrl(id: string): string {
  return urlOf(portalApi.receiptPdf, { params: { id } });
}

export function documentPdfUrl(id: string): string {
  return urlOf(portalApi.documentPdf, { params: { id } });
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
