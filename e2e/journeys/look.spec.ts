// Issue 18, points 5 and 9, as the browser renders them at 1280 and 390 px: the text of client chips and
// priority badges at WCAG AA (4.5:1) computed from getComputedStyle; one main-action colour on the
// dashboard, clients, notes and billing screens; header links with visible names on wide screens and
// named menu entries on phones, all reachable by keyboard; the client picker's "Create client: …" row
// styled like the others; a card with no date keeps no empty row.
import type { Locator, Page } from '@playwright/test';
import { contrastRatio } from '../../services/web/src/lib/contrast';
import { openNewTaskDialog, openTab, taskCard } from '../support/dashboard';
import { dateIn, expect, isPhone, snap, test } from '../support/fixtures';

const CSRF = { 'x-daybook-csrf': '1' };
/** The theme's primary (#2d5bd0): the one colour of every main action. */
const MAIN_ACTION = 'rgb(45, 91, 208)';
const SCREENS = [
  ['Calendar', '/calendar'],
  ['Kanban', '/kanban'],
  ['Clients', '/clients'],
  ['Billing', '/billing'],
  ['Notes', '/notes'],
] as const;

interface Rendered {
  label: string;
  text: string;
  background: string;
  opacity: number;
}

/**
 * The colours a chip or badge is painted in: its label's text colour, its background (translucent layers
 * composited over what is under them) and the product of the opacities of it and its ancestors.
 */
function rendered(elements: Element[]): Rendered[] {
  const rgba = (css: string) => {
    const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
    return { r, g, b, a: css.startsWith('rgba') ? a : 1 };
  };
  const hex = ({ r, g, b }: { r: number; g: number; b: number }) => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
  return elements.map((element) => {
    const label = element.querySelector('.MuiChip-label') ?? element;
    const layers: Array<{ r: number; g: number; b: number; a: number }> = [];
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      opacity *= Number(style.opacity);
      const layer = rgba(style.backgroundColor);
      if (layer.a > 0 && layers.every((l) => l.a < 1)) layers.push(layer);
    }
    // Composite from the bottom (the first opaque layer, or white) up.
    let under = { r: 255, g: 255, b: 255 };
    for (const layer of layers.reverse()) under = { r: layer.r * layer.a + under.r * (1 - layer.a), g: layer.g * layer.a + under.g * (1 - layer.a), b: layer.b * layer.a + under.b * (1 - layer.a) };
    return { label: label.textContent ?? '', text: hex(rgba(getComputedStyle(label).color)), background: hex(under), opacity };
  });
}

/** Chips and badges on screen, each with its contrast ratio (as seen through any opacity, over white). */
async function contrasts(scope: Locator) {
  const seen = await scope.locator('[data-testid="client-chip"]:visible, [data-priority]:visible').evaluateAll(rendered);
  const blend = (color: string, alpha: number) => `#${[1, 3, 5].map((at) => Math.round(parseInt(color.slice(at, at + 2), 16) * alpha + 255 * (1 - alpha)).toString(16).padStart(2, '0')).join('')}`;
  return seen.map((item) => ({ ...item, ratio: Math.round(contrastRatio(blend(item.text, item.opacity), blend(item.background, item.opacity)) * 100) / 100 }));
}

/** The background colours of the screen's enabled main actions (contained buttons that are not error or success). */
async function mainActionColours(page: Page) {
  // At rest: not pointed at, not focused (hover and focus darken a button on purpose).
  await page.mouse.move(1, 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForTimeout(400);
  // MUI's contained buttons, and the plain ones of the dashboard's first screen (styles/today.css).
  const buttons = page.locator(
    '.MuiButton-contained:not(.MuiButton-containedError):not(.MuiButton-containedSuccess):not(.Mui-disabled):visible, .db-button[data-variant="contained"]:not(:disabled):visible',
  );
  return buttons.evaluateAll((elements) => elements.map((element) => ({ name: (element.textContent ?? '').trim(), colour: getComputedStyle(element).backgroundColor })));
}

/** What a screen reader calls an element: aria-label, else aria-labelledby, else its text. */
const accessibleName = (locator: Locator) =>
  locator.evaluate((element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    const byId = labelledBy ? labelledBy.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : '';
    return (element.getAttribute('aria-label') ?? byId ?? '').trim() || (element.textContent ?? '').trim();
  });

test('look: issue 18 points 5 and 9', async ({ page, user, api }, testInfo) => {
  void user;
  test.setTimeout(150_000);
  const phone = isPhone(testInfo);
  const { timezone } = await api.currentUser();
  const today = dateIn(timezone);

  // A client in every kind of preset colour: the green, emerald and sky blue had white text at 2.3–2.8:1,
  // the red and blue neither white nor dark text at 4.5:1; the default grey.
  const colours = ['#22c55e', '#10b981', '#0ea5e9', '#ef4444', '#3b82f6', '#8b5cf6', '#f59e0b', '#64748b', undefined];
  const clients = [];
  for (const [i, colour] of colours.entries()) clients.push(await api.createClient(`Client ${i + 1}`, colour));
  const priorities = ['low', 'medium', 'high', 'urgent'] as const;
  for (const [i, client] of clients.entries()) await api.createTask({ title: `Call client ${i + 1}`, priority: priorities[i % 4], dueDate: today, clientId: client.id, estimatedTime: '30min' });
  // A completed one too: a done card is muted, not made translucent.
  const done = await api.createTask({ title: 'Sent the invoice', priority: 'medium', dueDate: today, clientId: clients[1]!.id });
  expect((await page.request.patch(`/api/tasks/${done.id}/complete`, { data: { isCompleted: true }, headers: CSRF })).ok()).toBe(true);
  // Twins, but for the date.
  await api.createTask({ title: 'Dated twin', priority: 'medium', dueDate: today });
  await api.createTask({ title: 'Undated twin', priority: 'medium' });

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(taskCard(page, 'Call client 9')).toBeVisible();
  // Done reads as muted, not translucent: a grey card, its title struck through in the secondary text colour.
  const doneCard = taskCard(page, 'Sent the invoice');
  await expect(doneCard).toHaveAttribute('data-completed', 'true');
  await expect(doneCard).toHaveCSS('background-color', 'rgb(245, 247, 250)');
  await expect(doneCard).toHaveCSS('opacity', '1');
  await expect(doneCard.getByTestId('task-title')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(doneCard.getByTestId('task-title')).toHaveCSS('color', 'rgb(91, 100, 114)');

  // 1. Contrast of every chip and badge on the Today tab (the top 3 and the list) and the Active tab.
  const today1 = await contrasts(page.locator('main'));
  expect(today1.filter((item) => item.label.startsWith('Client')).length).toBeGreaterThanOrEqual(colours.length);
  for (const label of ['Low Priority', 'Medium Priority', 'High Priority', 'Urgent']) expect(today1.map((item) => item.label)).toContain(label);
  for (const item of today1) expect(item.ratio, `${item.label}: ${item.text} on ${item.background}, opacity ${item.opacity}`).toBeGreaterThanOrEqual(4.5);
  await snap(page, testInfo, '1-today');

  await openTab(page, 'Active');
  const undated = taskCard(page, 'Undated twin');
  await expect(undated).toBeVisible();
  for (const item of await contrasts(page.locator('main'))) expect(item.ratio, `${item.label}: ${item.text} on ${item.background}`).toBeGreaterThanOrEqual(4.5);

  // 2. No empty row: the undated card's actions share a row with its title (and, wide, its priority), and
  // the card is no taller than its dated twin (shorter on wide screens, where it is a single row).
  const dated = taskCard(page, 'Dated twin');
  const box = async (locator: Locator) => (await locator.boundingBox())!;
  const [undatedCard, datedCard] = [await box(undated), await box(dated)];
  const [badge, actions, title] = [await box(undated.locator('[data-priority]')), await box(undated.getByTestId('task-actions')), await box(undated.getByTestId('task-title'))];
  const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
  await expect(undated.getByTestId('task-meta')).toHaveCount(0);
  if (phone) {
    // Phones: the title on a line of its own, then the priority leading the next row, which the actions end.
    expect(Math.abs(middle(actions) - middle(badge))).toBeLessThan(8);
    expect(badge.y).toBeGreaterThan(title.y + title.height - 2);
    expect(undatedCard.height).toBeLessThanOrEqual(datedCard.height + 1);
    // The dated twin needs no third row either: its date and priority share the second, which its actions end.
    const [datedBadge, datedDue, datedActions, datedTitle] = [await box(dated.locator('[data-priority]')), await box(dated.getByTestId('task-due')), await box(dated.getByTestId('task-actions')), await box(dated.getByTestId('task-title'))];
    expect(Math.abs(middle(datedBadge) - middle(datedDue))).toBeLessThan(6);
    expect(datedActions.y).toBeGreaterThan(datedTitle.y + datedTitle.height - 2);
  } else {
    expect(Math.abs(middle(actions) - middle(title))).toBeLessThan(8);
    expect(Math.abs(middle(actions) - middle(badge))).toBeLessThan(8);
    expect(undatedCard.height).toBeLessThan(datedCard.height - 15);
  }
  await snap(page, testInfo, '2-active');

  // 3. The header: every destination named, reachable by keyboard.
  const header = page.getByRole('banner');
  for (const control of await header.locator('a:visible, button:visible').all()) expect(await accessibleName(control), await control.evaluate((el) => el.outerHTML.slice(0, 120))).not.toBe('');
  if (phone) {
    await expect(page.getByRole('navigation', { name: 'Screens' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Open navigation' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const items = menu.getByRole('menuitem');
    await expect(items).toHaveText(SCREENS.map(([name]) => name));
    for (const item of await items.all()) expect((await box(item)).height).toBeGreaterThanOrEqual(36);
    await snap(page, testInfo, '3-navigation-menu');
    // Arrow keys to Billing, Enter.
    await expect(items.first()).toBeFocused();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Billing' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/billing$/);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  } else {
    const nav = page.getByRole('navigation', { name: 'Screens' });
    const links = nav.getByRole('link');
    await expect(links).toHaveText(SCREENS.map(([name]) => name));
    for (const [index, [name, to]] of SCREENS.entries()) {
      const link = links.nth(index);
      await expect(link).toHaveAttribute('href', to);
      await expect(link).toHaveAccessibleName(name);
      // The name is painted, not a tooltip: a text box of real width, in a colour that reads at AA.
      const text = await link.evaluate((element) => {
        const range = document.createRange();
        const textNode = [...element.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
        if (!textNode) return null;
        range.selectNodeContents(textNode);
        const rect = range.getBoundingClientRect();
        return { width: rect.width, height: rect.height, title: element.getAttribute('title'), color: getComputedStyle(element).color };
      });
      expect(text, name).not.toBeNull();
      expect(text!.width).toBeGreaterThan(20);
      expect(text!.height).toBeGreaterThan(10);
      expect(text!.title).toBeNull();
    }
    // Tab from the logo walks through every link, in order.
    await page.getByRole('link', { name: 'Daybook home' }).focus();
    const reached: string[] = [];
    for (let i = 0; i < 12 && reached.length < SCREENS.length; i += 1) {
      await page.keyboard.press('Tab');
      const href = await page.evaluate(() => (document.activeElement?.closest('nav[aria-label="Screens"] a') as HTMLAnchorElement | null)?.getAttribute('href'));
      if (href) reached.push(href);
    }
    expect(reached).toEqual(SCREENS.map(([, to]) => to));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/notes$/);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    // Narrower desktops (768–1199 px) fold the links into the named menu, as phones do.
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(SCREENS.map(([name]) => name));
    await snap(page, testInfo, '3-navigation-1024');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(nav).toBeVisible();
  }

  // 4. The client picker: "Create client: …" looks like the rows around it, with an add icon.
  const dialog = await openNewTaskDialog(page);
  const clientField = dialog.getByRole('combobox', { name: 'Client' });
  await clientField.fill('lient 1');
  const createRow = page.getByRole('option', { name: 'Create client: lient 1' });
  const itemRow = page.getByRole('option', { name: 'Client 1', exact: true });
  await expect(createRow).toBeVisible();
  const rowStyle = (row: Locator) =>
    row.evaluate((element) => {
      const style = getComputedStyle(element);
      const text = element.lastElementChild!.getBoundingClientRect();
      return { fontSize: style.fontSize, fontWeight: style.fontWeight, color: style.color, paddingLeft: style.paddingLeft, paddingTop: style.paddingTop, minHeight: style.minHeight, height: Math.round(element.getBoundingClientRect().height), textLeft: Math.round(text.left) };
    });
  const [createStyle, itemStyle] = [await rowStyle(createRow), await rowStyle(itemRow)];
  expect(createStyle).toEqual(itemStyle);
  await expect(createRow.locator('svg')).toBeVisible(); // the add icon (production icons carry no test id)
  await expect(page.getByRole('option')).toHaveCount(2);
  await snap(page, testInfo, '4-create-client-row');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // 5. One main-action colour: the dashboard, clients, notes and billing.
  const colourBy: Record<string, Array<{ name: string; colour: string }>> = {};
  colourBy.dashboard = await mainActionColours(page);
  // Phones: the header's round + button.
  if (phone) colourBy.dashboard.push({ name: 'New task', colour: await page.getByRole('button', { name: 'New task', exact: true }).evaluate((element) => getComputedStyle(element).backgroundColor) });

  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'Client Management', level: 1 })).toBeVisible();
  await expect(page.getByTestId('client-row').first()).toBeVisible();
  colourBy.clients = await mainActionColours(page);
  await snap(page, testInfo, '5-clients');

  const notesPage = await page.request.post('/api/note-lists', { data: { title: 'Ideas' }, headers: CSRF });
  expect(notesPage.ok()).toBe(true);
  await page.goto('/notes');
  await expect(page.getByText('Ideas').first()).toBeVisible();
  const noteBox = page.getByRole('textbox', { name: 'New note' });
  // The only page opens by itself on phones; wide screens pick it in the tree.
  if (!(await noteBox.isVisible())) await page.getByRole('button', { name: 'Ideas', exact: true }).first().click();
  await noteBox.fill('Ask Client 1 about the renewal');
  colourBy.notes = await mainActionColours(page);
  await snap(page, testInfo, '6-notes');

  // Billing: an unbilled half hour, so "Mark as billed" is live.
  const entry = await page.request.post('/api/time-entries', { data: { clientId: clients[0]!.id, startedAt: new Date(Date.now() - 2 * 3600_000).toISOString(), durationSeconds: 1800 }, headers: CSRF });
  expect(entry.ok()).toBe(true);
  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await page.getByLabel('Client').selectOption({ label: 'Client 1' });
  await expect(page.locator('.MuiButton-contained:not(.Mui-disabled)').first()).toBeVisible();
  colourBy.billing = await mainActionColours(page);
  await snap(page, testInfo, '7-billing');

  for (const [screen, buttons] of Object.entries(colourBy)) {
    expect(buttons.length, `${screen} has a main action`).toBeGreaterThan(0);
    for (const button of buttons) expect(button.colour, `${screen}: ${button.name}`).toBe(MAIN_ACTION);
  }
});
