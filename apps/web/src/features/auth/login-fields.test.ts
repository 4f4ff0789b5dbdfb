import { loginRequest } from '@consultorio/shared';
import { describe, expect, it } from 'vitest';
import { checkLogin, loginMaxLength } from './login-fields';

/** The first message loginRequest gives for each field, as the form would show it. */
function schemaErrors(values: { username: string; password: string }) {
  const result = loginRequest.safeParse(values);
  if (result.success) return { credentials: result.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { credentials: undefined, errors };
}

describe('the login checks, written out to keep zod off the login page', () => {
  it.each([
    { username: '', password: '' },
    { username: '   ', password: 'Senha123' },
    { username: 'maria', password: '' },
    { username: '  maria ', password: ' ' },
    { username: 'maria_silva', password: 'Senha123' },
  ])('agree with loginRequest for %o', (values) => {
    const ours = checkLogin(values);
    const schema = schemaErrors(values);
    expect(ours.errors).toEqual(schema.errors);
    if (schema.credentials) expect(ours.credentials).toEqual(schema.credentials);
  });

  it('limit the inputs to what loginRequest accepts', () => {
    const longest = { username: 'u'.repeat(loginMaxLength.username), password: 'p'.repeat(loginMaxLength.password) };
    expect(loginRequest.safeParse(longest).success).toBe(true);
    expect(loginRequest.safeParse({ ...longest, username: `${longest.username}u` }).success).toBe(false);
    expect(loginRequest.safeParse({ ...longest, password: `${longest.password}p` }).success).toBe(false);
  });
});
