import { messages } from '@consultorio/shared';
import { expect, type Page } from '@playwright/test';
import { textbox } from './fields';

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: messages.login.title })).toBeVisible();
  await textbox(page, messages.fields.username).fill(username);
  await textbox(page, messages.fields.password).fill(password);
  await page.getByRole('button', { name: messages.login.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
