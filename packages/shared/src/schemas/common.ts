import { z } from 'zod';
import { limits } from '../constants/limits';
import { messages } from '../messages';

const v = messages.validation;

/** The answer envelope of every API call: `status` repeats the HTTP status. */
/* #__NO_SIDE_EFFECTS__ */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), data, message: z.string().optional() });
}

export const messageEnvelope = z.object({
  status: z.number().int(),
  data: z.null(),
  message: z.string().optional(),
});

export const idSchema = z.uuid({ error: v.idInvalid });

export const emailSchema = z
  .string({ error: v.emailRequired })
  .trim()
  .min(1, { error: v.emailRequired })
  .max(limits.emailMax, { error: v.emailInvalid })
  .pipe(z.email({ error: v.emailInvalid }))
  .transform((email) => email.toLowerCase());

/** Optional free text: blank and null both mean "not given" and become null. */
/* #__NO_SIDE_EFFECTS__ */
export function optionalText(max: number) {
  return z
    .string({ error: v.invalidBody })
    .trim()
    .max(max, { error: v.tooLong(max) })
    .nullish()
    .transform((value) => (value ? value : null));
}

export const tokenSchema = z
  .string({ error: v.tokenRequired })
  .trim()
  .min(1, { error: v.tokenRequired })
  .max(200, { error: v.tokenRequired });

/** The name of a form, record or chat session: required, at most 200 characters. */
export const itemNameSchema = z
  .string({ error: v.nameRequired })
  .trim()
  .min(1, { error: v.nameRequired })
  .max(limits.itemNameMax, { error: v.tooLong(limits.itemNameMax) });
