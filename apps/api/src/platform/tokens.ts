import { hash, randomBytes } from 'node:crypto';

/** A random 256-bit token for links and session cookies; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 of a token, in hex (one call: no Hash object per session lookup). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

const PASSWORD_ALPHABET = {
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  lower: 'abcdefghijkmnopqrstuvwxyz',
  digit: '23456789',
};

function pick(alphabet: string): string {
  const index = randomBytes(1)[0]! % alphabet.length;
  return alphabet[index]!;
}

/** A 16-character password that satisfies the password rule (upper, lower, digit). */
export function newRandomPassword(): string {
  const all = PASSWORD_ALPHABET.upper + PASSWORD_ALPHABET.lower + PASSWORD_ALPHABET.digit;
  const chars = [pick(PASSWORD_ALPHABET.upper), pick(PASSWORD_ALPHABET.lower), pick(PASSWORD_ALPHABET.digit)];
  while (chars.length < 16) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBytes(1)[0]! % (i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
