import { messages } from '@consultorio/shared';
import { expect, type Page } from '@playwright/test';

/** The record's text box: the saved text until the professional reaches for it, then Quill's editor (same role and name). */
export function recordEditor(page: Page) {
  return page.getByRole('main').getByRole('textbox', { name: messages.records.content });
}

/** Clicks into the record's text once Quill's chunk has come (the saved text shown before it takes no keys), and waits for the caret. */
export async function clickRecordEditor(page: Page) {
  const main = page.getByRole('main');
  await expect(main.locator('.record-editor')).not.toHaveAttribute('aria-busy', 'true');
  await recordEditor(page).click();
  await expect(main.locator('.ql-editor')).toBeFocused();
}
