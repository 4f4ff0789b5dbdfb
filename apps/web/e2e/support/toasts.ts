import { messages } from '@consultorio/shared';
import { expect, type Locator, type Page } from '@playwright/test';

export function toastWith(page: Page, message: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: message });
}

/** Waits for a toast and closes it, so that it covers nothing afterwards (it may also leave by itself). */
export async function seeAndCloseToast(page: Page, message: string): Promise<void> {
  const toast = toastWith(page, message);
  await expect(toast).toBeVisible();
  await toast
    .getByRole('button', { name: messages.common.close })
    .click({ timeout: 3_000 })
    .catch(() => undefined);
  await expect(toast).toHaveCount(0);
}
