import { expect, type Page } from '@playwright/test';
import { waitForMailLink } from './mail';

export interface Professional {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

/**
 * A new professional with a confirmed account, made through the API (the registration
 * screens have their own spec): register, then confirm with the link from the mail.
 */
export async function registerConfirmedProfessional(page: Page, firstName: string): Promise<Professional> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const professional: Professional = {
    username: `${firstName.toLowerCase()}_${suffix}`,
    email: `${firstName.toLowerCase()}.${suffix}@example.com`,
    firstName,
    lastName: 'Teste',
    password: 'Primeira1',
  };

  const registration = await page.request.post('/v1/users/registrations', {
    data: {
      username: professional.username,
      email: professional.email,
      firstName: professional.firstName,
      lastName: professional.lastName,
      password: professional.password,
    },
  });
  expect(registration.status()).toBe(201);

  const confirmationPath = await waitForMailLink(professional.email, '/confirm-user-registration');
  const confirmationToken = new URL(confirmationPath, 'http://localhost').searchParams.get('token');
  const confirmation = await page.request.post('/v1/users/registrations/confirm', { data: { confirmationToken } });
  expect(confirmation.status()).toBe(200);
  return professional;
}
