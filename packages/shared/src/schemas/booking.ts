import { z } from 'zod';
import { messages } from '../messages';
import { modalities } from './appointments';
import { firstNameSchema } from './auth';
import { emailSchema, envelope, optionalText, tokenSchema } from './common';
import { instantSchema, isoDateSchema } from './dates';
import { contactFields, optionalCpf, withContactRules } from './users';

const v = messages.validation;
const b = messages.booking.errors;

/** A wall-clock time of day, 'HH:MM' (24 hours); '24:00' ends a day. */
export const clockTimeSchema = z.string({ error: b.weeklyInvalid }).regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { error: b.weeklyInvalid });

export const weeklyIntervalSchema = z
  .object({
    /** 1 = Monday to 7 = Sunday (ISO 8601). */
    weekday: z.number({ error: b.weekdayInvalid }).int({ error: b.weekdayInvalid }).min(1, { error: b.weekdayInvalid }).max(7, { error: b.weekdayInvalid }),
    start: clockTimeSchema,
    end: clockTimeSchema,
  })
  .refine((interval) => interval.start < interval.end, { error: b.weeklyInvalid });
export type WeeklyInterval = z.infer<typeof weeklyIntervalSchema>;

function wholeNumber(field: string, min: number, max: number) {
  const error = b.numberInvalid(field, min, max);
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

const f = messages.booking;

/** The professional's availability for online booking, in their time zone, as saved. */
export const availabilityRequest = z.object({
  weekly: z.array(weeklyIntervalSchema, { error: b.weeklyInvalid }).max(70, { error: b.weeklyInvalid }),
  sessionMinutes: wholeNumber(f.sessionMinutes, 10, 480),
  bufferMinutes: wholeNumber(f.bufferMinutes, 0, 240),
  minNoticeHours: wholeNumber(f.minNoticeHours, 0, 720),
  maxDaysAhead: wholeNumber(f.maxDaysAhead, 1, 180),
  modalities: z
    .array(z.enum(modalities, { error: v.modalityInvalid }), { error: b.modalitiesRequired })
    .min(1, { error: b.modalitiesRequired })
    .max(2, { error: b.modalitiesRequired })
    .refine((list) => new Set(list).size === list.length, { error: b.modalitiesRequired }),
  requiresApproval: z.boolean({ error: v.invalidBody }),
  cancellationNoticeHours: wholeNumber(f.cancellationNoticeHours, 0, 720),
  /** The questionnaire (template) sent to a new patient after their first booking; null: none; left out: unchanged. */
  intakeTemplateId: z.uuid({ error: b.intakeTemplateInvalid }).nullable().optional(),
});
export type Availability = z.infer<typeof availabilityRequest>;
/** The availability as answered (no transforms: answers are encoded by the schema). */
export const availabilitySchema = z.object({
  weekly: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
  sessionMinutes: z.number().int(),
  bufferMinutes: z.number().int(),
  minNoticeHours: z.number().int(),
  maxDaysAhead: z.number().int(),
  modalities: z.array(z.enum(modalities)),
  requiresApproval: z.boolean(),
  cancellationNoticeHours: z.number().int(),
  intakeTemplateId: z.string().nullable(),
});
export type AvailabilitySettings = z.infer<typeof availabilitySchema>;
export const availabilityResponse = envelope(availabilitySchema);

export const bookingSlugParams = z.object({ slug: z.string().max(60) });

/** What the public page shows of the professional. */
export const bookingProfileSchema = z.object({
  name: z.string(),
  profession: z.string().nullable(),
  professionalRegistration: z.string().nullable(),
  modalities: z.array(z.enum(modalities)),
  timeZone: z.string(),
  sessionMinutes: z.number().int(),
  maxDaysAhead: z.number().int(),
});
export type BookingProfile = z.infer<typeof bookingProfileSchema>;
export const bookingProfileResponse = envelope(z.object({ profile: bookingProfileSchema }));

export const bookingSlotsQuery = z
  .object({ from: isoDateSchema(v.dateFields.from), to: isoDateSchema(v.dateFields.to) })
  .refine(({ from, to }) => from <= to && Date.parse(to) - Date.parse(from) <= 31 * 86_400_000, { error: b.rangeInvalid, path: ['to'] });

export const bookingSlotSchema = z.object({ startsAt: z.string(), endsAt: z.string(), modality: z.enum(modalities) });
export type BookingSlot = z.infer<typeof bookingSlotSchema>;
export const bookingSlotsResponse = envelope(z.object({ slots: z.array(bookingSlotSchema) }));

/** A person asks for a slot; it is held until they confirm from the e-mail. */
export const bookingRequest = withContactRules(
  z.object({
    startsAt: instantSchema(v.dateFields.startsAt),
    modality: z.enum(modalities, { error: v.modalityInvalid }),
    firstName: firstNameSchema,
    lastName: optionalText(100),
    email: emailSchema,
    ...contactFields,
    document: optionalCpf,
    consent: z.literal(true, { error: f.consentRequired }),
  }),
);
export type BookingRequestInput = z.input<typeof bookingRequest>;
export type BookingRequest = z.output<typeof bookingRequest>;

export const bookingConfirmRequest = z.object({ token: tokenSchema });

/** The booked appointment as its patient sees it: no id, nothing else of the agenda. */
export const bookedAppointmentSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  modality: z.enum(modalities),
  status: z.enum(['scheduled', 'requested']),
  /** The professional's name as the booking page shows it ('Dra. Ana Souza'). */
  professionalName: z.string(),
  /** Where an in-person session happens: its own place, else the office address; null online, while awaiting approval, or without an address. */
  location: z.string().nullable(),
  /** The link had been used already: this is the booking it made (the mail opened again). */
  alreadyConfirmed: z.boolean(),
});
export type BookedAppointment = z.infer<typeof bookedAppointmentSchema>;
export const bookingConfirmResponse = envelope(z.object({ appointment: bookedAppointmentSchema }));
