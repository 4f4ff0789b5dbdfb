import {
  appointmentCreateRequest,
  appointmentStatuses,
  feeCentsSchema,
  isoDateSchema,
  limits,
  messages,
  modalities,
  recurrenceFrequencies,
  type Appointment,
  type AppointmentCreateRequest,
  type AppointmentStatus,
  type AppointmentUpdateRequest,
  type Modality,
  type RecurrenceFrequency,
} from '@consultorio/shared';
import { z } from 'zod';
import { instantOf, wallClockOf } from '../../../lib/zoned-time';
import { minutesBetween } from '../../../lib/zoned-format';

const v = messages.validation;

export const repeatChoices = ['none', ...recurrenceFrequencies] as const;
export type RepeatChoice = 'none' | RecurrenceFrequency;
export const repeatEnds = ['count', 'until', 'never'] as const;
export type RepeatEnd = (typeof repeatEnds)[number];

/** What the appointment inputs hold: the day and time are the wall clock of the professional's zone. */
export interface AppointmentFormValues {
  patientId: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  time: string;
  durationMinutes: number;
  modality: Modality;
  videoLink: string;
  /** Where an in-person appointment takes place; blank: the office address of the profile. */
  location: string;
  notes: string;
  status: AppointmentStatus;
  /** The session's fee in cents; '' or 0: not charged. */
  feeCents: number | '';
  /** 'Isenta': the professional waives the fee. */
  waived: boolean;
  /** 'Cobrar a sessão' of a missed or cancelled appointment. */
  chargeMissed: boolean;
  repeat: RepeatChoice;
  repeatEnd: RepeatEnd;
  count: number;
  /** YYYY-MM-DD, the last day an appointment of the series may fall on. */
  until: string;
}

const DEFAULT_SERIES_COUNT = 10;

/**
 * A new appointment starting at `startsAt` (a clicked slot), 50 minutes, in person at the office
 * (the profile's address), not repeated; its fee comes with the patient.
 */
export function newAppointmentValues(startsAt: string, timeZone: string, officeAddress: string | null = null): AppointmentFormValues {
  const { date, time } = wallClockOf(startsAt, timeZone);
  return {
    patientId: '',
    date,
    time,
    durationMinutes: limits.appointmentMinutesDefault,
    modality: 'in_person',
    videoLink: '',
    location: officeAddress ?? '',
    notes: '',
    status: 'scheduled',
    feeCents: '',
    waived: false,
    chargeMissed: false,
    repeat: 'none',
    repeatEnd: 'count',
    count: DEFAULT_SERIES_COUNT,
    until: '',
  };
}

/** The inputs of an existing appointment. */
export function appointmentValues(appointment: Appointment, timeZone: string): AppointmentFormValues {
  const { date, time } = wallClockOf(appointment.startsAt, timeZone);
  return {
    ...newAppointmentValues(appointment.startsAt, timeZone),
    patientId: appointment.patientId,
    date,
    time,
    durationMinutes: minutesBetween(appointment.startsAt, appointment.endsAt),
    modality: appointment.modality,
    videoLink: appointment.videoLink ?? '',
    location: appointment.location ?? '',
    notes: appointment.notes ?? '',
    status: appointment.status,
    feeCents: appointment.feeCents,
    waived: appointment.paymentStatus === 'waived',
    chargeMissed: appointment.chargeMissed,
  };
}

/** Whether the status is one whose session is charged only when the professional says so ('Cobrar a sessão'). */
export function asksToCharge(status: AppointmentStatus): boolean {
  return status === 'no_show' || status === 'cancelled';
}

const durationInput = z
  .number({ error: v.durationInvalid })
  .int({ error: v.durationInvalid })
  .min(limits.appointmentMinutesMin, { error: v.durationInvalid })
  .max(limits.appointmentMinutesMax, { error: v.durationInvalid });

const countInvalid = v.recurrenceCountInvalid(limits.recurrenceCountMax);

function formFields(timeZone: string) {
  return z
    .object({
      patientId: z.string(),
      date: isoDateSchema(v.dateFields.appointmentDay),
      time: z.string().regex(/^\s*\d{1,2}:\d{2}\s*$/, { error: v.clockTimeInvalid }),
      durationMinutes: durationInput,
      modality: z.enum(modalities, { error: v.modalityInvalid }),
      videoLink: z.string(),
      location: z.string().max(limits.locationMax, { error: v.tooLong(limits.locationMax) }),
      notes: z.string(),
      status: z.enum(appointmentStatuses, { error: v.statusInvalid }),
      feeCents: z.union([z.literal(''), feeCentsSchema]),
      waived: z.boolean(),
      chargeMissed: z.boolean(),
      repeat: z.enum(repeatChoices, { error: v.recurrenceInvalid }),
      repeatEnd: z.enum(repeatEnds, { error: v.recurrenceInvalid }),
      count: z.number({ error: countInvalid }),
      until: z.string(),
    })
    .superRefine((values, ctx) => {
      if (instantOf(values.date, values.time, timeZone) === null) ctx.addIssue({ code: 'custom', message: v.clockTimeInvalid, path: ['time'] });
    });
}

/** The start instant of the inputs (they were checked before). */
function startOf(values: Pick<AppointmentFormValues, 'date' | 'time'>, timeZone: string): string {
  return instantOf(values.date, values.time, timeZone) ?? '';
}

function recurrenceOf(values: AppointmentFormValues) {
  if (values.repeat === 'none') return undefined;
  if (values.repeatEnd === 'count') return { frequency: values.repeat, count: values.count };
  if (values.repeatEnd === 'until') return { frequency: values.repeat, until: values.until };
  return { frequency: values.repeat };
}

/** The place of an in-person appointment as typed (blank: none of its own), none for one online. */
function locationOf(values: AppointmentFormValues): string | null {
  return values.modality === 'in_person' && values.location.trim() !== '' ? values.location.trim() : null;
}

function feeOf(values: AppointmentFormValues): number {
  return values.feeCents === '' ? 0 : values.feeCents;
}

/** The request of 'Nova consulta': the day and time read in the professional's zone. */
export function toCreateRequest(values: AppointmentFormValues, timeZone: string): AppointmentCreateRequest {
  return {
    patientId: values.patientId,
    startsAt: startOf(values, timeZone),
    durationMinutes: values.durationMinutes,
    modality: values.modality,
    videoLink: values.modality === 'online' && values.videoLink.trim() !== '' ? values.videoLink.trim() : null,
    location: locationOf(values),
    notes: values.notes,
    feeCents: feeOf(values),
    recurrence: recurrenceOf(values),
  };
}

/**
 * The inputs of 'Nova consulta' checked, then turned into the create request and checked by
 * the API's own schema (its messages land on the inputs of the same name).
 */
export function createFormSchema(timeZone: string) {
  return formFields(timeZone)
    .superRefine((values, ctx) => {
      if (values.patientId === '') ctx.addIssue({ code: 'custom', message: v.patientRequired, path: ['patientId'] });
      if (values.repeat === 'none') return;
      if (values.repeatEnd === 'count' && !(Number.isInteger(values.count) && values.count >= 2 && values.count <= limits.recurrenceCountMax)) {
        ctx.addIssue({ code: 'custom', message: countInvalid, path: ['count'] });
      }
      if (values.repeatEnd === 'until') {
        const until = isoDateSchema(v.dateFields.until).safeParse(values.until);
        const problem = until.success ? (values.until < values.date ? v.recurrenceUntilInvalid : null) : until.error.issues[0]!.message;
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['until'] });
      }
    })
    .transform((values) => toCreateRequest(values, timeZone))
    .pipe(appointmentCreateRequest);
}

/**
 * What an edit changes: only the fields that differ from the appointment, so that an
 * unchanged time keeps its reminder and, for 'Esta e as seguintes', untouched details stay as
 * each appointment has them.
 */
export function toUpdateRequest(values: AppointmentFormValues, appointment: Appointment, timeZone: string): AppointmentUpdateRequest {
  const original = appointmentValues(appointment, timeZone);
  const changes: AppointmentUpdateRequest = {};
  const startsAt = startOf(values, timeZone);
  if (startsAt !== new Date(appointment.startsAt).toISOString()) changes.startsAt = startsAt;
  if (values.durationMinutes !== original.durationMinutes) changes.durationMinutes = values.durationMinutes;
  if (values.modality !== original.modality) changes.modality = values.modality;
  const videoLink = values.modality === 'online' ? values.videoLink.trim() : '';
  if (videoLink !== (appointment.videoLink ?? '')) changes.videoLink = videoLink === '' ? null : videoLink;
  const location = locationOf(values);
  if (values.modality === 'in_person' && location !== appointment.location) changes.location = location;
  if (values.notes.trim() !== (appointment.notes ?? '')) changes.notes = values.notes;
  if (values.status !== appointment.status) changes.status = values.status;
  if (feeOf(values) !== appointment.feeCents) changes.feeCents = feeOf(values);
  if (values.waived !== (appointment.paymentStatus === 'waived')) changes.paymentStatus = values.waived ? 'waived' : 'pending';
  const chargeMissed = asksToCharge(values.status) && values.chargeMissed;
  if (chargeMissed !== appointment.chargeMissed) changes.chargeMissed = chargeMissed;
  return changes;
}

/** The inputs of an edit, checked like a new appointment's (no patient or repetition to choose). */
export function editFormSchema(timeZone: string) {
  return formFields(timeZone).superRefine((values, ctx) => {
    const link = values.modality === 'online' ? values.videoLink.trim() : '';
    if (link !== '' && !z.url({ protocol: /^https$/ }).max(500).safeParse(link).success) {
      ctx.addIssue({ code: 'custom', message: v.videoLinkInvalid, path: ['videoLink'] });
    }
  });
}

/** Whether an edit changes anything at all. */
export function hasChanges(changes: AppointmentUpdateRequest): boolean {
  return Object.keys(changes).length > 0;
}
