import { isDayInRange, isRealIsoDate, messages } from '@consultorio/shared';
import { DateTime } from 'luxon';
import { AppError } from '../../platform/errors';

// ---- days and months in the professional's zone ----

/** The instants a month starts and ends in the zone, and its first days (yyyy-mm-dd) of it and the next. */
export function monthRange(month: string, timeZone: string) {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const start = DateTime.fromObject({ year, month: monthNumber, day: 1 }, { zone: timeZone });
  const end = start.plus({ months: 1 });
  return { from: start.toJSDate(), to: end.toJSDate(), fromDay: start.toISODate()!, toDay: end.toISODate()! };
}

export function todayIn(timeZone: string, now: Date): string {
  return DateTime.fromJSDate(now, { zone: timeZone }).toISODate()!;
}

/** The day of a payment: the date given, or the day of the instant given in the professional's zone. */
export function paymentDay(paidAt: string, timeZone: string, now: Date): string {
  const day = isRealIsoDate(paidAt) ? paidAt : DateTime.fromISO(paidAt, { setZone: true }).setZone(timeZone).toISODate();
  const v = messages.validation;
  if (!day) throw new AppError('VALIDATION', v.dateInvalid(v.dateFields.paidAt));
  // An instant on 1900-01-01 in its own offset may still be 1899-12-31 in the professional's zone.
  if (!isDayInRange(day)) throw new AppError('VALIDATION', v.dateOutOfRange(v.dateFields.paidAt));
  if (day > todayIn(timeZone, now)) throw new AppError('VALIDATION', v.paidAtFuture);
  return day;
}
