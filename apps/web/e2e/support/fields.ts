import type { Locator, Page } from '@playwright/test';

/** A text input by its label (Mantine's required asterisk is not part of the name). */
export function textbox(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('textbox', { name: label, exact: true });
}
