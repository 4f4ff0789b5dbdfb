import { messages } from '@consultorio/shared';
import { expect, type Locator, type Page } from '@playwright/test';

export function toastWith(page: Page, message: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: message });
}

/**
 * Closes a toast so that it covers nothing afterwards (they open over the top right corner,
 * where the page's main buttons are). It may also leave by itself before the click lands.
 */
export async function closeToast(page: Page, message: string): Promise<void> {
  const toast = toastWith(page, message);
  await toast
    .getByRole('button', { name: messages.common.close })
    .click({ timeout: 3_000 })
    .catch(() => undefined);
  await expect(toast).toHaveCount(0);
}

/** Waits for a toast and closes it. */
export async function seeAndCloseToast(page: Page, message: string): Promise<void> {
  await expect(toastWith(page, message)).toBeVisible();
  await closeToast(page, message);
}
