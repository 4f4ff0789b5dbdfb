import { z } from 'zod';
import { messages } from '../messages';
import { appointmentStatuses, modalities } from './appointments';
import { emailSchema, envelope, optionalText, tokenSchema } from './common';
import { instantSchema } from './dates';

const v = messages.validation;

export const portalSignInRequest = z.object({ email: emailSchema });
export const portalSessionRequest = z.object({ token: tokenSchema });

/** An appointment as its patient sees it in the portal, with whom and what they may still do. */
export const portalAppointmentSchema = z.object({
  id: z.uuid(),
  professionalName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  modality: z.enum(modalities),
  status: z.enum(appointmentStatuses),
  /** The patient's link to the video room (online and not cancelled). */
  videoUrl: z.string().nullable(),
  /** Whether the patient may still cancel or reschedule it themselves (open and before the notice). */
  changeable: z.boolean(),
  cancellationNoticeHours: z.number().int(),
});
export type PortalAppointment = z.infer<typeof portalAppointmentSchema>;
export const portalAppointmentsResponse = envelope(z.object({ appointments: z.array(portalAppointmentSchema) }));
export const portalAppointmentResponse = envelope(z.object({ appointment: portalAppointmentSchema }));

export const portalCancelRequest = z.object({ reason: optionalText(500) });
export const portalRescheduleRequest = z.object({ startsAt: instantSchema(v.dateFields.startsAt) });

export const portalFormSchema = z.object({ id: z.uuid(), professionalName: z.string(), name: z.string(), url: z.string() });
export const portalFormsResponse = envelope(z.object({ forms: z.array(portalFormSchema) }));
export type PortalForm = z.infer<typeof portalFormSchema>;

export const portalReceiptSchema = z.object({
  id: z.uuid(),
  professionalName: z.string(),
  receiptNumber: z.number().int(),
  amountCents: z.number().int(),
  paidAt: z.string(),
});
export type PortalReceipt = z.infer<typeof portalReceiptSchema>;
export const portalReceiptsResponse = envelope(z.object({ receipts: z.array(portalReceiptSchema) }));

/**
 * The portal's terms: whether the signed-in patient must still accept them (for the
 * professionals named, who invited them), and when they last did.
 */
export const portalConsentSchema = z.object({
  required: z.boolean(),
  professionals: z.array(z.string()),
  /** The latest of the invitations waiting for the terms: sent back on acceptance, so a later one (not shown) is not accepted with them. */
  pendingSince: z.string().nullable(),
  acceptedAt: z.string().nullable(),
});
export type PortalConsent = z.infer<typeof portalConsentSchema>;
export const portalConsentResponse = envelope(z.object({ consent: portalConsentSchema }));
export const portalConsentRequest = z.object({
  accept: z.literal(true, { error: messages.portal.errors.consentRequired }),
  /** `pendingSince` as shown: only the invitations up to it are accepted (all when left out). */
  pendingSince: instantSchema(v.dateFields.termsShownAt).optional(),
});

/** The professional's view of a patient's portal access: invited when, terms accepted when, or withdrawn when (then not accepted). */
export const portalAccessSchema = z.object({ invitedAt: z.string().nullable(), acceptedAt: z.string().nullable(), withdrawnAt: z.string().nullable() });
export type PortalAccess = z.infer<typeof portalAccessSchema>;
export const portalAccessResponse = envelope(z.object({ access: portalAccessSchema }));

/** What the patient owes one professional for sessions held, with the Pix 'copia e cola' when the professional has a Pix key. */
export const portalBalanceSchema = z.object({
  professionalName: z.string(),
  balanceCents: z.number().int(),
  sessions: z.number().int(),
  /** The static BR Code for the balance and its QR Code (a PNG data URL); null without a Pix key. */
  pix: z.object({ payload: z.string(), qrCode: z.string() }).nullable(),
});
export type PortalBalance = z.infer<typeof portalBalanceSchema>;
export const portalBalancesResponse = envelope(z.object({ balances: z.array(portalBalanceSchema) }));

export const portalDocumentSchema = z.object({ id: z.uuid(), professionalName: z.string(), title: z.string(), issuedAt: z.string() });
export type PortalDocument = z.infer<typeof portalDocumentSchema>;
export const portalDocumentsResponse = envelope(z.object({ documents: z.array(portalDocumentSchema) }));
