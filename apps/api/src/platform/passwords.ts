import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended profile (19 MiB, 2 iterations).
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/** Spends the time of one verification, so a login for an unknown user is as slow as any other. */
export async function verifyDecoyPassword(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-never-used-1A');
  await verifyPassword(await decoyHash, password);
}
