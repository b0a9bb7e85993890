// The notes screen's controls at either width: wide screens show the pages as a tree, the search row and a
// markdown switch; phones show one row (the list selector, a search button, a menu with the rest).
import type { Page, TestInfo } from '@playwright/test';
import { expect, isPhone } from './fixtures';

type PageAction = 'New page' | 'New sub-page' | 'Edit page' | 'Delete page';

/** Starts a page action: wide, its button (a sub-page: the tree's "Add sub-page to <parent>"); phones, the menu's item. */
export async function pageAction(page: Page, testInfo: TestInfo, action: PageAction, parent?: string) {
  if (isPhone(testInfo)) {
    await page.getByRole('button', { name: 'Notes options' }).click();
    await page.getByRole('menuitem', { name: action }).click();
  } else if (action === 'New sub-page') {
    await page.getByRole('button', { name: `Add sub-page to ${parent}` }).click();
  } else {
    await page.getByRole('button', { name: action, exact: true }).click();
  }
}

/** Shows notes as rendered markdown or as plain text: the switch (wide) or the menu's checkable item (phones). */
export async function setMarkdown(page: Page, testInfo: TestInfo, on: boolean) {
  if (isPhone(testInfo)) {
    await page.getByRole('button', { name: 'Notes options' }).click();
    const item = page.getByRole('menuitemcheckbox', { name: 'Render markdown' });
    if ((await item.getAttribute('aria-checked')) === String(on)) await page.keyboard.press('Escape');
    else await item.click();
    await expect(page.getByRole('menu')).toBeHidden();
    await page.getByRole('button', { name: 'Notes options' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Render markdown' })).toHaveAttribute('aria-checked', String(on));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  } else {
    const toggle = page.getByRole('switch', { name: 'Render markdown' });
    await toggle.setChecked(on);
    await expect(toggle).toBeChecked({ checked: on });
  }
}

/** Selects a page: a top-level page in the tree (wide) or any page in the list selector (phones). */
export async function choosePage(page: Page, testInfo: TestInfo, title: string) {
  if (isPhone(testInfo)) {
    await page.getByRole('combobox', { name: 'Page' }).click();
    await page.getByRole('listbox').getByRole('option', { name: title, exact: true }).first().click();
  } else {
    await page.getByRole('tree', { name: 'Pages and sub-pages' }).getByRole('button', { name: title, exact: true }).first().click();
  }
  await expect(page.getByTestId('selected-page-title')).toHaveText(title);
}

/** Phones: opens the search row (wide screens always show it). */
export async function openSearch(page: Page, testInfo: TestInfo) {
  if (isPhone(testInfo)) await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByLabel('Search notes')).toBeVisible();
}
