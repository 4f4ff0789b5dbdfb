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
