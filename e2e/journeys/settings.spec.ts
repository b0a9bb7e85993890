// The settings dialog: clients, time increments, timezone, delegation.
import { expect, expectToast, isPhone, snap, test } from '../support/fixtures';
import { openNewTaskDialog } from '../support/dashboard';

test('settings: clients, time increments, timezone and delegation', async ({ page, signedIn, api }, testInfo) => {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await expect(settings.getByLabel('Username')).toHaveValue(signedIn.username);
  await expect(settings.getByLabel('Role')).toHaveValue('user');
  await expect(settings.getByRole('heading', { name: 'Delegation Contacts' })).toHaveCount(0);

  // Clients: the button waits for a name; Enter adds too.
  const addClient = settings.getByRole('button', { name: 'Add Client' });
  await expect(addClient).toBeDisabled();
  await settings.getByLabel('New client name').fill('   ');
  await expect(addClient).toBeDisabled();
  await settings.getByLabel('New client name').fill('  Globex  ');
  await settings.getByLabel('New client name').press('Enter');
  await expectToast(page, 'Client added');
  const clients = settings.getByRole('list', { name: 'Clients' });
  await expect(clients.getByText('Globex', { exact: true })).toBeVisible();
  await settings.getByLabel('New client name').fill('Umbrella');
  await addClient.click();
  await expectToast(page, 'Client added');
  await expect(clients.getByText('Umbrella', { exact: true })).toBeVisible();
  await settings.getByRole('button', { name: 'Remove Globex' }).click();
  await expectToast(page, 'Client removed');
  await expect(clients.getByText('Globex', { exact: true })).toHaveCount(0);

  // Time increments: number × unit, labelled by the rules ('3 hours').
  const addIncrement = settings.getByRole('button', { name: 'Add Time Increment' });
  await expect(addIncrement).toBeDisabled();
  await settings.getByLabel('Number').click();
  await page.getByRole('option', { name: '3', exact: true }).click();
  await expect(addIncrement).toBeDisabled();
  await settings.getByLabel('Unit').click();
  await page.getByRole('option', { name: 'hours' }).click();
  await addIncrement.click();
  await expectToast(page, 'Time increment added');
  const increments = settings.getByRole('list', { name: 'Time increments' });
  await expect(increments.getByText('3 hours', { exact: true })).toBeVisible();
  await snap(page, testInfo, '1-settings');
  await settings.getByRole('button', { name: 'Remove 3 hours' }).click();
  await expectToast(page, 'Time increment removed');
  await expect(increments.getByText('3 hours', { exact: true })).toHaveCount(0);

  // Timezone.
  await settings.getByLabel('Timezone').click();
  await expect(page.getByRole('option')).toHaveCount(13);
  await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
  await expectToast(page, 'Timezone updated', 'Your timezone preference has been saved');
  expect((await api.currentUser()).timezone).toBe('Asia/Tokyo');

  // Delegation on: contacts section, the Delegated tab, and the dialog's Delegation section.
  await settings.getByLabel('Task Delegation').check();
  await expectToast(page, 'Settings updated');
  await expect(settings.getByRole('heading', { name: 'Delegation Contacts' })).toBeVisible();
  const addContact = settings.getByRole('button', { name: 'Add Delegation Contact' });
  await expect(addContact).toBeDisabled();
  await settings.getByLabel('Contact name (required)').fill('Pat Jones');
  await addContact.click();
  await expectToast(page, 'Contact added');
  await expect(settings.getByRole('list', { name: 'Delegation contacts' }).getByText('Pat Jones')).toBeVisible();
  await snap(page, testInfo, '2-delegation-on');
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(settings).toBeHidden();

  await expect(page.getByRole('tab', { name: 'Delegated' })).toBeVisible();
  await page.getByRole('tab', { name: 'Delegated' }).click();
  await expect(page.getByText('No delegated tasks')).toBeVisible();
  await page.getByRole('tab', { name: 'Today' }).click();
  await expect(page.getByRole('region', { name: 'Delegated Tasks Due Today' })).toContainText('0 tasks');

  const dialog = await openNewTaskDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Delegation' })).toBeVisible();
  await dialog.getByLabel('Task Title').fill('Collect the signed forms');
  await dialog.getByLabel('Delegate this task').check();
  const delegate = dialog.getByRole('combobox', { name: 'Delegate to' });
  await delegate.click();
  await page.getByRole('option', { name: 'Pat Jones' }).click();
  await dialog.getByLabel('Delegation notes').fill('Before Friday');
  await snap(page, testInfo, '3-delegation-section');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expectToast(page, 'Task created');
  await page.getByRole('tab', { name: 'Delegated' }).click();
  await expect(page.getByTestId('task-card').filter({ hasText: 'Collect the signed forms' }).getByTestId('task-delegate')).toHaveText('Pat Jones');
  await snap(page, testInfo, '4-delegated-tab');
});

test('settings: a navigation jumps to each section (a list beside them at 1280, chips above them at 390)', async ({ page, signedIn }, testInfo) => {
  void signedIn;
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const nav = settings.getByRole('navigation', { name: 'Settings sections' });
  await expect(nav).toBeVisible();
  // Every section, the ones that load later too, in the dialog's order.
  const entries = nav.getByRole('button');
  await expect(entries).toHaveText([
    'Profile Information',
    'Password',
    'Manage Clients',
    'Time Increments',
    'Working Hours',
    'Billing',
    'Notifications',
    'Import and export',
    'API tokens',
    'Calendar feed',
    'Two-step sign-in',
    "Where you're signed in",
    'Recent activity',
    'Actions',
  ]);
  const regions = await settings.locator('section[aria-label]').evaluateAll((all) => all.filter((s) => !s.parentElement?.closest('section')).map((s) => s.getAttribute('aria-label')));
  expect(await entries.allTextContents()).toEqual(regions);
  const navBox = (await nav.boundingBox())!;
  if (isPhone(testInfo)) {
    // A row of chips above the sections, scrolling sideways, never wider than the screen.
    expect(navBox.height).toBeLessThan(60);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } else {
    // A list beside the sections.
    const profile = (await settings.getByRole('region', { name: 'Profile Information' }).boundingBox())!;
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(profile.x);
    expect(navBox.height).toBeGreaterThan(300);
  }
  await snap(page, testInfo, '1-sections');

  for (const name of ['Billing', 'Actions', 'Manage Clients']) {
    await nav.getByRole('button', { name, exact: true }).click();
    const heading = settings.getByRole('heading', { name, exact: true });
    // The section comes to the top of the dialog's scrolling content, under the navigation on phones.
    await expect(heading).toBeInViewport();
    await expect(nav.getByRole('button', { name, exact: true })).toHaveAttribute('aria-current', 'true');
    await expect(nav).toBeInViewport();
    const top = (await heading.boundingBox())!.y;
    const navNow = (await nav.boundingBox())!;
    if (isPhone(testInfo)) expect(top).toBeGreaterThanOrEqual(navNow.y + navNow.height - 2);
    if (name === 'Billing') await snap(page, testInfo, '2-jumped-to-billing');
  }
  await expect(settings.getByRole('heading', { name: 'Manage Clients', exact: true })).toBeInViewport();
});
