import { z } from 'zod';
import { limits } from '../constants/limits';
import { messages } from '../messages';
import { envelope, idSchema, optionalText, tokenSchema } from './common';
import { instantSchema, isoDateSchema } from './dates';

const v = messages.validation;
const field = v.dateFields;

export const appointmentStatuses = ['scheduled', 'confirmed', 'attended', 'no_show', 'cancelled', 'requested'] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];
export const modalities = ['in_person', 'online'] as const;
export type Modality = (typeof modalities)[number];
export const recurrenceFrequencies = ['weekly', 'biweekly', 'monthly'] as const;
export type RecurrenceFrequency = (typeof recurrenceFrequencies)[number];
/** How long before an appointment a reminder may go (each channel takes up to three of them; none: no reminders). */
export const reminderLeadHoursOptions = [1, 2, 4, 12, 24, 48, 72] as const;
export type ReminderLeadHours = (typeof reminderLeadHoursOptions)[number];
/** The longest lead time: the reminder scan looks no further ahead. */
export const reminderLeadHoursMax = 72;
/** The most reminders a channel sends before one appointment. */
export const reminderLeadsMax = 3;

/** A channel's lead times: up to three different ones of the options, kept from the longest to the shortest. */
export const reminderLeadHoursListSchema = z
  .array(z.number({ error: v.reminderLeadInvalid }).refine((hours) => (reminderLeadHoursOptions as readonly number[]).includes(hours), { error: v.reminderLeadInvalid }), {
    error: v.reminderLeadInvalid,
  })
  .max(reminderLeadsMax, { error: v.reminderLeadsTooMany(reminderLeadsMax) })
  .transform((hours) => [...new Set(hours)].sort((a, b) => b - a));

/** The ways a patient is reminded and told of changes. */
export const reminderChannels = ['email', 'whatsapp'] as const;
export type ReminderChannel = (typeof reminderChannels)[number];
/** What a message to the patient was: a reminder, or the notice of the professional's cancellation or move. */
export const patientMessageKinds = ['reminder', 'cancelled', 'moved'] as const;
/** Where a message stands: queued; sent (an e-mail handed to the server, a WhatsApp message accepted); then, for WhatsApp, delivered and read, or failed. */
export const patientMessageStatuses = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type PatientMessageStatus = (typeof patientMessageStatuses)[number];
/** What the patient answered with a reminder's button. */
export const reminderAnswers = ['confirmed', 'cancelled'] as const;

/** One message the patient was sent about the appointment (a reminder or a notice), as the appointment shows it. */
export const appointmentMessageSchema = z.object({
  id: z.uuid(),
  kind: z.enum(patientMessageKinds),
  channel: z.enum(reminderChannels),
  /** A reminder's lead time in hours; null for a notice. */
  leadHours: z.number().int().nullable(),
  /** The appointment's start the message was about (it may have moved since). */
  startsAt: z.string(),
  status: z.enum(patientMessageStatuses),
  /** An e-mail sent because the WhatsApp message failed. */
  fallback: z.boolean(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  answer: z.enum(reminderAnswers).nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AppointmentMessage = z.infer<typeof appointmentMessageSchema>;
export const appointmentMessagesResponse = envelope(z.object({ messages: z.array(appointmentMessageSchema) }));
export const changeScopes = ['this', 'following'] as const;
export type ChangeScope = (typeof changeScopes)[number];
/** Paid once payments cover the fee; waived by the professional ('isento'). */
export const paymentStatuses = ['pending', 'paid', 'waived'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** R$ 100.000,00: the largest session fee. */
export const feeMaxCents = 10_000_000;

/** A session fee in cents; 0 means "not charged". */
export const feeCentsSchema = z
  .number({ error: v.feeInvalid })
  .int({ error: v.feeInvalid })
  .min(0, { error: v.feeInvalid })
  .max(feeMaxCents, { error: v.feeInvalid });

export const appointmentSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  patientName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(appointmentStatuses),
  /** The recurring series it belongs to; null for a single appointment. */
  seriesId: z.uuid().nullable(),
  modality: z.enum(modalities),
  videoLink: z.string().nullable(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  /** When the patient's reminder was mailed; null before (or when reminders are off). */
  reminderSentAt: z.string().nullable(),
  /** Why the reminder could not be mailed, after its last attempt. */
  reminderError: z.string().nullable(),
  /** Why the patient cancelled, when they said. */
  cancellationReason: z.string().nullable(),
  /** The session's fee in cents (copied from the patient's when booked; 0: not charged). */
  feeCents: z.number().int(),
  /** How much of the fee payments have covered. */
  paidCents: z.number().int(),
  paymentStatus: z.enum(paymentStatuses),
  /** 'Cobrar falta': a cancelled or missed session that is charged all the same. */
  chargeMissed: z.boolean(),
  /** The record written as this session's note ('evolução'), if any. */
  recordId: z.uuid().nullable(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

const videoLinkSchema = z
  .url({ protocol: /^https$/, error: v.videoLinkInvalid })
  .max(500, { error: v.videoLinkInvalid })
  .nullish()
  .transform((link) => link ?? null);

const countInvalid = v.recurrenceCountInvalid(limits.recurrenceCountMax);

const recurrenceSchema = z
  .object({
    frequency: z.enum(recurrenceFrequencies, { error: v.recurrenceInvalid }),
    /** How many appointments in all (the first included). */
    count: z
      .number({ error: countInvalid })
      .int({ error: countInvalid })
      .min(2, { error: countInvalid })
      .max(limits.recurrenceCountMax, { error: countInvalid })
      .optional(),
    /** The last day an appointment may fall on (yyyy-mm-dd, in the professional's time zone). */
    until: isoDateSchema(field.until).optional(),
  })
  .refine((recurrence) => recurrence.count === undefined || recurrence.until === undefined, { error: v.recurrenceCountOrUntil });
export type Recurrence = z.infer<typeof recurrenceSchema>;

const durationSchema = z
  .number({ error: v.durationInvalid })
  .int({ error: v.durationInvalid })
  .min(limits.appointmentMinutesMin, { error: v.durationInvalid })
  .max(limits.appointmentMinutesMax, { error: v.durationInvalid });

const appointmentFields = {
  modality: z.enum(modalities, { error: v.modalityInvalid }),
  videoLink: videoLinkSchema,
  location: optionalText(limits.locationMax),
  notes: optionalText(2000),
};

/**
 * A new appointment: the end, or a duration (50 minutes by default); weekly, every two weeks or
 * monthly when `recurrence` is given (until a date, for a count, or open-ended).
 */
export const appointmentCreateRequest = z
  .object({
    patientId: z.uuid({ error: v.patientRequired }),
    startsAt: instantSchema(field.startsAt),
    endsAt: instantSchema(field.endsAt).optional(),
    durationMinutes: durationSchema.optional(),
    modality: appointmentFields.modality.default('in_person'),
    videoLink: appointmentFields.videoLink,
    location: appointmentFields.location,
    notes: appointmentFields.notes,
    recurrence: recurrenceSchema.optional(),
    /** The fee of this session (of each one of a series); the patient's session fee when left out. */
    feeCents: feeCentsSchema.optional(),
    /** Book it even when it overlaps another appointment. */
    allowOverlap: z.boolean({ error: v.invalidBody }).optional(),
  })
  .refine((request) => request.endsAt === undefined || request.endsAt > request.startsAt, { error: v.endBeforeStart, path: ['endsAt'] })
  .refine((request) => request.endsAt === undefined || request.durationMinutes === undefined, { error: v.endOrDuration, path: ['endsAt'] });
export type AppointmentCreateRequest = z.input<typeof appointmentCreateRequest>;
export type AppointmentCreate = z.output<typeof appointmentCreateRequest>;

/** A change of an appointment, or of it and the following ones of its series (`scope`). */
export const appointmentUpdateRequest = z
  .object({
    startsAt: instantSchema(field.startsAt).optional(),
    endsAt: instantSchema(field.endsAt).optional(),
    durationMinutes: durationSchema.optional(),
    modality: appointmentFields.modality.optional(),
    videoLink: z.url({ protocol: /^https$/, error: v.videoLinkInvalid }).max(500, { error: v.videoLinkInvalid }).nullable().optional(),
    location: optionalText(limits.locationMax).optional(),
    notes: optionalText(2000).optional(),
    status: z.enum(appointmentStatuses, { error: v.statusInvalid }).optional(),
    feeCents: feeCentsSchema.optional(),
    chargeMissed: z.boolean({ error: v.invalidBody }).optional(),
    /** 'waived' or back to 'pending'; a session becomes 'paid' through a payment. */
    paymentStatus: z
      .enum(paymentStatuses, { error: v.statusInvalid })
      .refine((status) => status !== 'paid', { error: v.paymentStatusManual })
      .optional(),
    /** Why it was cancelled (kept with a `cancelled` status; any other status clears it). */
    cancellationReason: optionalText(500).optional(),
    scope: z.enum(changeScopes, { error: v.scopeInvalid }).default('this'),
    allowOverlap: z.boolean({ error: v.invalidBody }).optional(),
  })
  .refine((request) => request.endsAt === undefined || request.durationMinutes === undefined, { error: v.endOrDuration, path: ['endsAt'] });
export type AppointmentUpdateRequest = z.input<typeof appointmentUpdateRequest>;
export type AppointmentUpdate = z.output<typeof appointmentUpdateRequest>;

export const appointmentDeleteQuery = z.object({ scope: z.enum(changeScopes, { error: v.scopeInvalid }).default('this') });

/** The appointments between two instants (at most 62 days apart), each occurrence of a series on its own. */
export const appointmentListQuery = z
  .object({ from: instantSchema(field.from), to: instantSchema(field.to) })
  .refine((range) => range.to > range.from, { error: v.rangeInvalid, path: ['to'] })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= limits.appointmentRangeDaysMax * 86_400_000, {
    error: v.rangeTooLong,
    path: ['to'],
  });

export const appointmentSummariesQuery = z.object({
  /** Comma-separated patient ids, at most limits.appointmentSummaryPatientsMax. */
  patientIds: z
    .string({ error: v.invalidBody })
    .transform((ids) => ids.split(',').filter(Boolean))
    .pipe(z.array(idSchema).max(limits.appointmentSummaryPatientsMax, { error: v.invalidBody })),
});

/** The agenda of a patient at a glance: their next appointment and how the past ones went. */
export const appointmentSummarySchema = z.object({
  patientId: z.uuid(),
  nextStartsAt: z.string().nullable(),
  attended: z.number().int(),
  noShow: z.number().int(),
  cancelled: z.number().int(),
});
export type AppointmentSummary = z.infer<typeof appointmentSummarySchema>;

export const appointmentResponse = envelope(z.object({ appointment: appointmentSchema }));
export const appointmentListResponse = envelope(z.object({ appointments: z.array(appointmentSchema) }));
export const appointmentSummariesResponse = envelope(z.object({ summaries: z.array(appointmentSummarySchema) }));

/** The patient's link from a reminder: only the token. */
export const publicAppointmentRequest = z.object({ token: tokenSchema });
export const publicAppointmentActionRequest = z.object({ token: tokenSchema, reason: optionalText(500) });
/** What the link shows: the appointment's time (and the professional's zone it is kept in), modality and status, and who the professional is; no id. */
export const publicAppointmentResponse = envelope(
  z.object({
    appointment: z.object({
      startsAt: z.string(),
      endsAt: z.string(),
      timeZone: z.string(),
      modality: z.enum(modalities),
      status: z.enum(appointmentStatuses),
    }),
    professional: z.object({ title: z.string().nullable(), firstName: z.string(), lastName: z.string().nullable() }),
  }),
);
export type PublicAppointment = z.infer<typeof publicAppointmentResponse>['data'];

export const calendarFeedSchema = z.object({
  /** The private address to subscribe to (Google Calendar, Apple, Outlook). */
  url: z.string(),
  /** Whether events show the patient's full name (initials otherwise). */
  fullNames: z.boolean(),
});
export const calendarFeedResponse = envelope(calendarFeedSchema);
export const calendarFeedRequest = z.object({ fullNames: z.boolean({ error: v.invalidBody }).optional() });
