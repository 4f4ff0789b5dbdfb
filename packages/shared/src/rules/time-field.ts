const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A 24-hour time written hh:mm ('07:30', '23:59'). */
export function isValidTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/**
 * What the time field shows for what was typed: digits only, at most four, with the colon
 * inserted after the hours ('0730' → '07:30', '7' → '7', '123' → '12:3').
 */
export function maskTime(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/**
 * Whether what is being typed in a time field can still become a valid time: hours 00 to 23
 * and minutes 00 to 59, checked digit by digit ('2' and '23:5' can, '24', '9' and '12:6' cannot).
 */
export function isTimeTypingValid(shown: string): boolean {
  const [hours = '', minutes = ''] = shown.split(':');
  if (hours.length >= 1 && Number(hours[0]) > 2) return false;
  if (hours.length === 2 && Number(hours) > 23) return false;
  if (minutes.length >= 1 && Number(minutes[0]) > 5) return false;
  return true;
}
