import { messages, type LoginRequest } from '@consultorio/shared';

export type LoginErrors = Partial<Record<keyof LoginRequest, string>>;

/** The longest values `loginRequest` accepts, as the inputs' maxLength. */
export const loginMaxLength = { username: 64, password: 128 } as const;

/**
 * The checks of `loginRequest`, written out so that the login page loads no zod (its
 * JavaScript budget is 120 KB gzip): a username (trimmed) and a password are required.
 * `login-fields.test.ts` holds them to the schema; the server validates with the schema itself.
 */
export function checkLogin(values: LoginRequest): { credentials: LoginRequest; errors: LoginErrors } {
  const credentials = { username: values.username.trim(), password: values.password };
  const errors: LoginErrors = {};
  if (credentials.username === '') errors.username = messages.credentials.usernameRequired;
  if (credentials.password === '') errors.password = messages.credentials.passwordRequired;
  return { credentials, errors };
}
