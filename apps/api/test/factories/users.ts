import { randomBytes } from 'node:crypto';
import { users } from '../../src/db/schema';
import { hashPassword } from '../../src/platform/passwords';
import type { UserRow } from '../../src/modules/users/users.repository';
import type { TestApp } from '../helpers/build-app';

export const DEFAULT_PASSWORD = 'Senha123';

// Hashing is deliberately slow; every factory user shares one hash of the default password.
let defaultPasswordHash: Promise<string> | undefined;

export async function newUser(t: Pick<TestApp, 'database'>, overrides: Partial<typeof users.$inferInsert> = {}): Promise<UserRow & { password: string }> {
  const suffix = randomBytes(4).toString('hex');
  const password = DEFAULT_PASSWORD;
  const [row] = await t.database.db
    .insert(users)
    .values({
      username: `user_${suffix}`,
      email: `user_${suffix}@example.com`,
      firstName: 'Ana',
      lastName: 'Souza',
      passwordHash: await (defaultPasswordHash ??= hashPassword(password)),
      ...overrides,
    })
    .returning();
  return { ...row!, password };
}

/** Signs in through the API and returns the Cookie header value of the session. */
export async function signIn(t: TestApp, username: string, password = DEFAULT_PASSWORD, ip = '127.0.0.1'): Promise<string> {
  const response = await t.request({ method: 'POST', url: '/v1/users/users-sessions', payload: { username, password }, remoteAddress: ip });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'sid');
  return `sid=${cookie!.value}`;
}

export async function newSignedInUser(t: TestApp, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await newUser(t, overrides);
  return { user, cookie: await signIn(t, user.username, user.password) };
}
