import { portalApi, urlOf, type BookingSlot } from '@consultorio/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient, hasErrorCode } from '../../../lib/api-client';
import { successToastedElsewhere } from '../../../lib/query-client';

/** The portal's answer while the terms wait for the patient's acceptance. */
export const CONSENT_REQUIRED = 'PORTAL_CONSENT_REQUIRED';

const portalKey = ['portal'] as const;

/** A 401 of the portal: no portal session (never signed in, past its 12 hours, signed out, consent withdrawn). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The patient's appointments: their answer also says whether the patient is signed in and has
 * accepted the terms. A failure the page has shown is not asked again when it draws (the page
 * module may have asked already: one toast, not two).
 */
export const portalAppointmentsQueryOptions = queryOptions({
  queryKey: [...portalKey, 'appointments'],
  queryFn: async ({ signal }) => (await apiClient.call(portalApi.appointments, { signal })).data.appointments,
  retry: false,
  retryOnMount: false,
  // The page shows the terms, or the sign-in form (no portal session), instead of a toast.
  meta: { errorShownInline: (error: unknown) => hasErrorCode(error, CONSENT_REQUIRED) || isSignedOut(error) },
});

export function usePortalAppointments(enabled: boolean) {
  return useQuery({ ...portalAppointmentsQueryOptions, enabled });
}

/** What the portal lists below the appointments once the terms are accepted. */
export const portalListsQueryOptions = {
  forms: queryOptions({ queryKey: [...portalKey, 'forms'], queryFn: async ({ signal }) => (await apiClient.call(portalApi.forms, { signal })).data.forms }),
  receipts: queryOptions({ queryKey: [...portalKey, 'receipts'], queryFn: async ({ signal }) => (await apiClient.call(portalApi.receipts, { signal })).data.receipts }),
  documents: queryOptions({ queryKey: [...portalKey, 'documents'], queryFn: async ({ signal }) => (await apiClient.call(portalApi.documents, { signal })).data.documents }),
  balances: queryOptions({ queryKey: [...portalKey, 'balance'], queryFn: async ({ signal }) => (await apiClient.call(portalApi.balance, { signal })).data.balances }),
};

export function usePortalLists() {
  const forms = useQuery(portalListsQueryOptions.forms);
  const receipts = useQuery(portalListsQueryOptions.receipts);
  const documents = useQuery(portalListsQueryOptions.documents);
  const balances = useQuery(portalListsQueryOptions.balances);
  return { forms, receipts, documents, balances };
}

export const portalConsentQueryOptions = queryOptions({
  queryKey: [...portalKey, 'consent'],
  queryFn: async ({ signal }) => (await apiClient.call(portalApi.consent, { signal })).data.consent,
});

/** The portal's terms: whether they must still be accepted, and for whom. */
export function usePortalConsent() {
  return useQuery(portalConsentQueryOptions);
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

/** Asks for a sign-in link; the page says it was sent, next to the form, and no toast repeats it. */
export function useRequestPortalLink() {
  return useMutation({ mutationFn: (email: string) => apiClient.call(portalApi.requestSignIn, { body: { email } }), meta: successToastedElsewhere });
}

export function useSignOutOfPortal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => apiClient.call(portalApi.signOut, {}), onSuccess: () => queryClient.removeQueries({ queryKey: portalKey }) });
}

/**
 * The patient withdraws their consent (its message is the toast): signed out, the portal's data
 * is dropped, and the appointments, read again, answer 401: the page shows its sign-in form.
 */
export function useWithdrawPortalConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.call(portalApi.withdrawConsent, {}),
    onSuccess: () => {
      const appointmentsKey = portalAppointmentsQueryOptions.queryKey;
      queryClient.removeQueries({ queryKey: portalKey, predicate: (query) => query.queryKey[1] !== appointmentsKey[1] });
      return queryClient.resetQueries({ queryKey: appointmentsKey });
    },
  });
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
