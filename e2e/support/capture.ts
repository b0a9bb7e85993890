// The dashboard's capture box (DECISIONS 26–27).
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

export const captureBox = (page: Page) => page.getByRole('textbox', { name: 'Describe your task' });
export const chip = (scope: Page | Locator, field: string) => scope.locator(`[data-testid="capture-chip"][data-field="${field}"]`);

/** Types like a person, one key at a time, once the box's engine has loaded. */
export async function typeInBox(page: Page, text: string) {
  const box = captureBox(page);
  await box.click();
  await expect(page.getByTestId('capture-box')).toHaveAttribute('data-engine', 'ready');
  await box.pressSequentially(text, { delay: 15 });
}
