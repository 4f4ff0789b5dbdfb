/**
 * Whether someone born on `birthdate` is under 18 on `today` (both YYYY-MM-DD); an unknown
 * birthdate is not. Someone born on 29 February comes of age on 1 March in a common year.
 */
export function isMinorOn(birthdate: string | null, today: string): boolean {
  if (!birthdate) return false;
  const comingOfAge = `${String(Number(birthdate.slice(0, 4)) + 18).padStart(4, '0')}${birthdate.slice(4, 10)}`;
  return today < comingOfAge;
}
