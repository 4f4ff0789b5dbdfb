import { z } from 'zod';
import { messages } from '../messages';
import { ISO_MONTH_PATTERN, isDayInRange, isMonthInRange, isRealIsoDate } from '../rules/validators';

const v = messages.validation;

/*
 * Every date, instant and month the API takes is one of these, so none outside 1900-01-01 to
 * 2100-12-31 is ever stored (`limits.dateMin`, `limits.dateMax`). `field` is the field's name
 * from `messages.validation.dateFields`; every message names it.
 */

/** A day, 'YYYY-MM-DD'. */
/* #__NO_SIDE_EFFECTS__ */
export function isoDateSchema(field: string) {
  return z
    .string({ error: v.dateInvalid(field) })
    .trim()
    .refine(isRealIsoDate, { error: v.dateInvalid(field), abort: true })
    .refine(isDayInRange, { error: v.dateOutOfRange(field) });
}

/**
 * An instant with its offset ('2026-11-24T14:00:00-03:00' or '…Z'), answered in UTC
 * ('2026-11-24T17:00:00.000Z'). Its day is the one written, in its own offset: what the caller
 * sees on a clock is what is checked.
 */
/* #__NO_SIDE_EFFECTS__ */
export function instantSchema(field: string) {
  return z.iso
    .datetime({ offset: true, error: v.instantInvalid(field), abort: true })
    .refine((instant) => isDayInRange(instant.slice(0, 10)), { error: v.dateOutOfRange(field) })
    .transform((instant) => new Date(instant).toISOString());
}

/** A month, 'YYYY-MM'. */
/* #__NO_SIDE_EFFECTS__ */
export function monthSchema(field: string) {
  return z
    .string({ error: v.monthInvalid(field) })
    .regex(ISO_MONTH_PATTERN, { error: v.monthInvalid(field), abort: true })
    .refine(isMonthInRange, { error: v.monthOutOfRange(field) });
}
