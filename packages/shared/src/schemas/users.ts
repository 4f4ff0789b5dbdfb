import { z } from 'zod';
import { ccForCountry, findCountry } from '../constants/countries';
import { defaults, limits, titles } from '../constants/limits';
import { messages } from '../messages';
import { isValidPhone } from '../rules/phone';
import { parsePixKey, pixKeyTypes } from '../rules/pix-key';
import { isTimeZone, isValidCpf, onlyDigits, titlesForGender, todayIsoDate } from '../rules/validators';
import { cnpjCharacters, isCarneLeaoOccupation, isValidCnpj, taxpayerTypes } from '../rules/carne-leao';
import { reminderLeadHoursListSchema } from './appointments';
import { firstNameSchema, lastNameSchema } from './auth';
import { envelope, optionalText } from './common';
import { isoDateSchema } from './dates';
import { genderSchema } from './gender';

export { genderSchema };

const v = messages.validation;
const tv = messages.tax.validation;

/** A CNPJ with valid check digits (numeric or alphanumeric), stored as its 14 characters. */
export const cnpjSchema = z
  .string({ error: tv.cnpjInvalid })
  .trim()
  .max(20, { error: tv.cnpjInvalid })
  .refine(isValidCnpj, { error: tv.cnpjInvalid })
  .transform(cnpjCharacters);

/** A code of the Carnê-Leão's occupation table ('255'). */
export const occupationCodeSchema = z
  .string({ error: tv.occupationInvalid })
  .trim()
  .refine(isCarneLeaoOccupation, { error: tv.occupationInvalid });

export const titleSchema = z.enum(titles, { error: v.titleInvalid });

export const userSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  gender: genderSchema.nullable(),
  title: titleSchema.nullable(),
  birthdate: z.string().nullable(),
  document: z.string().nullable(),
  cc: z.string(),
  phone: z.string().nullable(),
  country: z.string(),
  profession: z.string().nullable(),
  avatarExternalKey: z.string().nullable(),
  /** Signed in with a recovery password: nothing but a new password until it is set. */
  mustChangePassword: z.boolean(),
  /** IANA name: dates and times of the practice (agenda, e-mails, the assistant) are in it. */
  timeZone: z.string(),
  /** 'Registro profissional' (e.g. 'CRP 06/123456'), printed on records and receipts. */
  professionalRegistration: z.string().nullable(),
  /** Hours before an appointment its patient is reminded by e-mail (up to three, longest first; none: no e-mail reminders). */
  emailReminderLeadHours: z.array(z.number().int()),
  /** The same for patients who opted in to reminders by WhatsApp. */
  whatsappReminderLeadHours: z.array(z.number().int()),
  /** The Pix key charges are made to, as the BR Code carries it, and its kind. */
  pixKey: z.string().nullable(),
  pixKeyType: z.enum(pixKeyTypes).nullable(),
  /** The city receipts are dated in. */
  city: z.string().nullable(),
  /** 'Endereço do consultório': where in-person appointments take place unless one says otherwise. */
  officeAddress: z.string().nullable(),
  /** How the professional works: as an individual ('Pessoa física (autônomo)') or a company (with its CNPJ). */
  taxpayerType: z.enum(taxpayerTypes),
  /** The company's CNPJ, 14 digits, when `taxpayerType` is 'company'. */
  cnpj: z.string().nullable(),
  /** The Carnê-Leão occupation ('255' psicólogo): the one chosen, else the one the profession suggests, else null. */
  occupationCode: z.string().nullable(),
  /** The address of the public booking page, '/agendar/<slug>'. */
  bookingSlug: z.string().nullable(),
  /** Whether the booking page takes bookings (off by default). */
  bookingEnabled: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userResponse = envelope(z.object({ user: userSchema }));
export const currentSessionResponse = envelope(z.object({ user: userSchema.nullable() }));

/** Blank (empty or only spaces) means "not given". */
export const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const birthdateSchema = isoDateSchema(v.dateFields.birthdate).refine((date) => date <= todayIsoDate(), { error: v.birthdateFuture });

/** The address of a booking page: '/agendar/<slug>'. */
export const bookingSlugSchema = z
  .string({ error: messages.booking.errors.slugInvalid })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/, { error: messages.booking.errors.slugInvalid });

export const timeZoneSchema = z.string({ error: v.timeZoneInvalid }).trim().refine(isTimeZone, { error: v.timeZoneInvalid });

export const ccSchema = z
  .string({ error: v.ccInvalid })
  .trim()
  .regex(/^\+\d{1,4}$/, { error: v.ccInvalid });

/** A CPF with valid check digits, stored as its 11 digits. */
export const cpfSchema = z
  .string({ error: v.documentInvalid })
  .trim()
  .max(20, { error: v.documentInvalid })
  .refine(isValidCpf, { error: v.documentInvalid })
  .transform(onlyDigits);

/** Optional fields added later than the form that edits them: left out, the stored value stays; null or blank clears it. */
/* #__NO_SIDE_EFFECTS__ */
export function keptWhenOmitted<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToNull, schema.nullable().optional());
}

export const optionalCpf = keptWhenOmitted(cpfSchema);

/** A Pix key of any kind, stored as the BR Code carries it. */
export const pixKeySchema = z
  .string({ error: v.pixKeyInvalid })
  .trim()
  .refine((key) => parsePixKey(key) !== null, { error: v.pixKeyInvalid })
  .transform((key) => parsePixKey(key)!.key);

export const countrySchema = z
  .string({ error: v.countryInvalid })
  .trim()
  .refine((code) => findCountry(code) !== undefined, { error: v.countryInvalid });

/** Gender, title and birthdate inputs: blank and null both mean "not given". */
export const optionalGender = z.preprocess(blankToNull, genderSchema.nullish()).transform((g) => g ?? null);
export const optionalBirthdate = z.preprocess(blankToNull, birthdateSchema.nullish()).transform((d) => d ?? null);

/** The contact fields a user and a patient share; pass the result through `withContactRules`. */
export const contactFields = {
  cc: z.preprocess(blankToNull, ccSchema.nullish()).transform((cc) => cc ?? null),
  phone: optionalText(limits.phoneMax),
  country: z.preprocess(blankToNull, countrySchema.nullish()).transform((c) => c ?? defaults.country),
};

interface ContactInput {
  cc: string | null;
  phone: string | null;
  country: string;
}

/**
 * Choosing a country sets cc: an omitted calling code is the country's (+55 for the default,
 * Brasil). The phone is then checked for that country and stored as digits only.
 */
/* #__NO_SIDE_EFFECTS__ */
export function withContactRules<T extends z.ZodType<ContactInput>>(schema: T) {
  return schema
    .transform((input) => ({ ...input, cc: input.cc ?? ccForCountry(input.country) }))
    .superRefine((input, ctx) => {
      if (input.phone !== null && !isValidPhone(input.phone, input.cc, input.country)) {
        ctx.addIssue({ code: 'custom', message: v.phoneInvalid, path: ['phone'] });
      }
    })
    .transform((input) => ({ ...input, phone: input.phone === null ? null : onlyDigits(input.phone) }));
}

export const profileUpdateRequest = withContactRules(
  z
    .object({
      firstName: firstNameSchema,
      lastName: lastNameSchema,
      gender: optionalGender,
      title: z.preprocess(blankToNull, titleSchema.nullish()).transform((t) => t ?? null),
      birthdate: optionalBirthdate,
      /** Left out: the stored CPF stays. */
      document: keptWhenOmitted(cpfSchema),
      ...contactFields,
      profession: optionalText(limits.professionMax).refine(
        (profession) => profession === null || profession.length >= limits.professionMin,
        { error: v.professionMin },
      ),
      /** Left out: the stored zone stays. */
      timeZone: timeZoneSchema.optional(),
      /** Left out: the stored registration stays. */
      professionalRegistration: keptWhenOmitted(z.string({ error: v.invalidBody }).trim().max(40, { error: v.tooLong(40) })),
      /** Left out: the stored key stays. */
      pixKey: keptWhenOmitted(pixKeySchema),
      /** Left out: the stored city stays. */
      city: keptWhenOmitted(z.string({ error: v.invalidBody }).trim().max(60, { error: v.tooLong(60) })),
      /** Left out: the stored address stays. */
      officeAddress: keptWhenOmitted(z.string({ error: v.invalidBody }).trim().max(limits.locationMax, { error: v.tooLong(limits.locationMax) })),
      /** Left out: the stored address stays; null clears it (and turns the page off). */
      bookingSlug: keptWhenOmitted(bookingSlugSchema),
      /** Left out: the stored choice stays. */
      bookingEnabled: z.boolean({ error: v.invalidBody }).optional(),
      /** Left out: the stored choice stays. */
      emailReminderLeadHours: reminderLeadHoursListSchema.optional(),
      /** Left out: the stored choice stays. */
      whatsappReminderLeadHours: reminderLeadHoursListSchema.optional(),
      taxpayerType: z.enum(taxpayerTypes, { error: tv.taxpayerTypeInvalid }).optional(),
      /** Left out: the stored CNPJ stays. */
      cnpj: keptWhenOmitted(cnpjSchema),
      /** Left out: the stored code stays; null: the one the profession suggests. */
      occupationCode: keptWhenOmitted(occupationCodeSchema),
    })
    .superRefine((profile, ctx) => {
      if (profile.title !== null && !titlesForGender(profile.gender).includes(profile.title)) {
        ctx.addIssue({ code: 'custom', message: v.titleInvalid, path: ['title'] });
      }
    }),
);
export type ProfileUpdateInput = z.input<typeof profileUpdateRequest>;
export type ProfileUpdate = z.output<typeof profileUpdateRequest>;

/** An open session of the professional, as 'Minha conta' lists it. */
export const accountSessionSchema = z.object({
  id: z.uuid(),
  /** Browser and system, read from the user agent ('Chrome 131 · Windows'). */
  device: z.string(),
  ip: z.string().nullable(),
  lastUsedAt: z.string(),
  createdAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsResponse = envelope(z.object({ sessions: z.array(accountSessionSchema) }));
