import { z } from 'zod';
import { ccForCountry, findCountry } from '../constants/countries';
import { defaults, genders, limits, titles } from '../constants/limits';
import { messages } from '../messages/pt-br';
import { isValidPhone } from '../rules/phone';
import { isRealIsoDate, isValidCpf, onlyDigits, titlesForGender, todayIsoDate } from '../rules/validators';
import { firstNameSchema, lastNameSchema } from './auth';
import { envelope, optionalText } from './common';

const v = messages.validation;

export const genderSchema = z.enum(genders, { error: v.genderInvalid });
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
});
export type User = z.infer<typeof userSchema>;

export const userResponse = envelope(z.object({ user: userSchema }));

const blankToNull = (value: unknown) => (value === '' ? null : value);

export const birthdateSchema = z
  .string({ error: v.birthdateInvalid })
  .trim()
  .refine(isRealIsoDate, { error: v.birthdateInvalid })
  .refine((date) => date <= todayIsoDate(), { error: v.birthdateFuture });

export const ccSchema = z
  .string({ error: v.ccInvalid })
  .trim()
  .regex(/^\+\d{1,4}$/, { error: v.ccInvalid });

export const countrySchema = z
  .string({ error: v.countryInvalid })
  .trim()
  .refine((code) => findCountry(code) !== undefined, { error: v.countryInvalid });

export const profileUpdateRequest = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    gender: z.preprocess(blankToNull, genderSchema.nullish()).transform((g) => g ?? null),
    title: z.preprocess(blankToNull, titleSchema.nullish()).transform((t) => t ?? null),
    birthdate: z.preprocess(blankToNull, birthdateSchema.nullish()).transform((d) => d ?? null),
    document: optionalText(20)
      .refine((doc) => doc === null || isValidCpf(doc), { error: v.documentInvalid })
      .transform((doc) => (doc === null ? null : onlyDigits(doc))),
    cc: z.preprocess(blankToNull, ccSchema.nullish()).transform((cc) => cc ?? null),
    phone: optionalText(30),
    country: z.preprocess(blankToNull, countrySchema.nullish()).transform((c) => c ?? defaults.country),
    profession: optionalText(limits.professionMax).refine(
      (profession) => profession === null || profession.length >= limits.professionMin,
      { error: v.professionMin },
    ),
  })
  // Choosing a country sets cc: an omitted calling code is the country's (+55 for the default, Brasil).
  .transform((profile) => ({ ...profile, cc: profile.cc ?? ccForCountry(profile.country) }))
  .superRefine((profile, ctx) => {
    if (profile.title !== null && !titlesForGender(profile.gender).includes(profile.title)) {
      ctx.addIssue({ code: 'custom', message: v.titleInvalid, path: ['title'] });
    }
    if (profile.phone !== null && !isValidPhone(profile.phone, profile.cc, profile.country)) {
      ctx.addIssue({ code: 'custom', message: v.phoneInvalid, path: ['phone'] });
    }
  })
  .transform((profile) => ({ ...profile, phone: profile.phone === null ? null : onlyDigits(profile.phone) }));
export type ProfileUpdateInput = z.input<typeof profileUpdateRequest>;
export type ProfileUpdate = z.output<typeof profileUpdateRequest>;
