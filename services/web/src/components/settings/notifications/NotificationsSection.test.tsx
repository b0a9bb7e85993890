import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { channelSchema, type Channel, type NotificationSettings } from '@daybook/shared';
import { uuid } from '../../../test/fixtures';
import { json, mockFetch, renderWithProviders, type RecordedRequest } from '../../../test/render';
import { NotificationsSection } from './NotificationsSection';

const makeChannel = (overrides: Partial<Channel> & { id: string; kind: Channel['kind']; name: string; target: string }): Channel =>
  channelSchema.parse({ reminders: true, digest: true, status: 'ok', failures: 0, lastError: null, lastErrorAt: null, lastSuccessAt: null, createdAt: '2026-03-01T10:00:00.000Z', ...overrides });

const PHONE = makeChannel({ id: uuid(1), kind: 'ntfy', name: 'Phone (ntfy)', target: 'ntfy.sh/daybook-sam' });
const MAIL = makeChannel({ id: uuid(2), kind: 'email', name: 'Work mail', target: 'sam@example.com', status: 'failing', failures: 2, lastError: 'SMTP said 550: mailbox unavailable', lastErrorAt: '2026-03-04T08:00:00.000Z' });
const HOOK = makeChannel({ id: uuid(3), kind: 'webhook', name: 'Home Assistant', target: 'hooks.example.com', digest: false, status: 'paused', failures: 5, lastError: 'HTTP 502' });
const SETTINGS: NotificationSettings = { timedDefault: { kind: 'before', minutes: 0 }, dateOnlyDefault: null, digestHour: null, digestSkipEmpty: true };

type Answer = Response | undefined | Promise<Response | undefined>;

/** The api as the contract answers it; a PATCH changes the channel it names. */
function api(override: (req: RecordedRequest) => Answer = () => undefined, initial: Channel[] = [PHONE, MAIL, HOOK]) {
  let channels = initial;
  return mockFetch(async (req) => {
    const answer = await override(req);
    if (answer) return answer;
    if (req.path === '/api/notifications/channels' && req.method === 'GET') return json(200, channels);
    if (req.path === '/api/notifications/settings' && req.method === 'GET') return json(200, SETTINGS);
    if (req.path === '/api/notifications/settings' && req.method === 'PUT') return json(200, req.body);
    if (req.path.startsWith('/api/notifications/channels/') && req.method === 'PATCH') {
      channels = channels.map((one) => (req.path.endsWith(one.id) ? { ...one, ...(req.body as object) } : one));
      return json(200, channels.find((one) => req.path.endsWith(one.id)));
    }
    if (req.path.startsWith('/api/notifications/channels/') && req.method === 'DELETE') return new Response(null, { status: 204 });
    return undefined;
  });
}

const renderSection = () => renderWithProviders(<NotificationsSection timeZone="America/New_York" />);
const channel = async (name: string) => within(await screen.findByRole('listitem', { name }));

describe('Settings, Notifications: channels', () => {
  it('lists the channels with what they are, a failing one with its last error, a paused one with Resume', async () => {
    const { requests } = api();
    renderSection();
    const phone = await channel('Phone (ntfy)');
    expect(phone.getByText('ntfy · ntfy.sh/daybook-sam')).toBeInTheDocument();
    expect(phone.queryByText(/Failing|Paused|Last error/)).not.toBeInTheDocument();
    expect(phone.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();

    const mail = await channel('Work mail');
    expect(mail.getByText('Failing')).toBeInTheDocument();
    expect(mail.getByText('Last error: SMTP said 550: mailbox unavailable')).toBeInTheDocument();
    expect(mail.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();

    const hook = await channel('Home Assistant');
    expect(hook.getByText('Paused')).toBeInTheDocument();
    expect(hook.getByText('Paused after 5 failed deliveries in a row.')).toBeInTheDocument();
    expect(hook.getByText('Last error: HTTP 502')).toBeInTheDocument();
    expect(hook.getByRole('switch', { name: 'Digest' })).not.toBeChecked();
    await userEvent.click(hook.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Channel resumed')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')).toMatchObject({ path: `/api/notifications/channels/${HOOK.id}`, body: { paused: false } });
  });

  it('switches reminders or the digest off for one channel', async () => {
    const { requests } = api();
    renderSection();
    const phone = await channel('Phone (ntfy)');
    await userEvent.click(phone.getByRole('switch', { name: 'Reminders' }));
    await waitFor(() => expect(phone.getByRole('switch', { name: 'Reminders' })).not.toBeChecked());
    expect(await screen.findByText('Reminders off')).toBeInTheDocument();
    expect(phone.getByRole('switch', { name: 'Reminders' })).not.toBeChecked();
    expect(phone.getByRole('switch', { name: 'Digest' })).toBeChecked();
    expect(requests.find((r) => r.method === 'PATCH')).toMatchObject({ path: `/api/notifications/channels/${PHONE.id}`, body: { reminders: false } });
  });

  it('sends a test and shows whether it went out, and why not', async () => {
    let outcome: object = { delivered: true, error: null };
    const { requests } = api((req) => (req.path.endsWith('/test') ? json(200, outcome) : undefined));
    renderSection();
    const phone = await channel('Phone (ntfy)');
    await userEvent.click(phone.getByRole('button', { name: 'Send test to Phone (ntfy)' }));
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Test sent');
    expect(requests.find((r) => r.path.endsWith('/test'))).toMatchObject({ method: 'POST', path: `/api/notifications/channels/${PHONE.id}/test` });

    outcome = { delivered: false, error: 'ntfy answered 403: forbidden' };
    await userEvent.click(phone.getByRole('button', { name: 'Send test to Phone (ntfy)' }));
    await waitFor(() => expect(screen.getByTestId('toast-title')).toHaveTextContent('Test failed'));
    expect(screen.getByTestId('toast-description')).toHaveTextContent('ntfy answered 403: forbidden');
  });

  it('says so when tests are asked too often (429)', async () => {
    api((req) => (req.path.endsWith('/test') ? json(429, { error: { code: 'rate_limited', message: 'Too many tests, try again in a minute' } }) : undefined));
    renderSection();
    await userEvent.click((await channel('Work mail')).getByRole('button', { name: 'Send test to Work mail' }));
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Failed to send test');
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Too many tests, try again in a minute');
  });

  it('deletes a channel after asking', async () => {
    const { requests } = api();
    renderSection();
    await userEvent.click((await channel('Work mail')).getByRole('button', { name: 'Delete Work mail' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete channel?' }));
    expect(confirm.getByText('Work mail will no longer receive reminders or the digest.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Channel deleted')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe(`/api/notifications/channels/${MAIL.id}`);
  });

  it('says what to do when there is no channel yet', async () => {
    api(undefined, []);
    renderSection();
    expect(await screen.findByText(/No channels yet/)).toBeInTheDocument();
  });
});

describe('Settings, Notifications: adding a channel', () => {
  const created = (req: RecordedRequest) =>
    req.path === '/api/notifications/channels' && req.method === 'POST' ? json(201, makeChannel({ id: uuid(9), kind: 'ntfy', name: 'ntfy', target: 'ntfy.sh/x' })) : undefined;

  it('adds an ntfy topic on ntfy.sh unless told another server, checked before it is sent', async () => {
    const { requests } = api(created);
    renderSection();
    const form = within(screen.getByRole('form', { name: 'Add a channel' }));
    expect(form.getByLabelText('Server')).toHaveValue('https://ntfy.sh');
    await userEvent.type(form.getByLabelText(/Topic/), 'my topic!');
    await userEvent.click(form.getByRole('button', { name: 'Add channel' }));
    expect(form.getByText('Topic may hold letters, digits, - and _ (at most 64)')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.clear(form.getByLabelText(/Topic/));
    await userEvent.type(form.getByLabelText(/Topic/), 'daybook-sam');
    await userEvent.type(form.getByLabelText('Access token'), 'tk_secret');
    await userEvent.click(form.getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByText('Channel added')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ kind: 'ntfy', server: 'https://ntfy.sh', topic: 'daybook-sam', token: 'tk_secret' });
    expect(form.getByLabelText(/Topic/)).toHaveValue('');
  });

  it('adds an email address or a webhook', async () => {
    const { requests } = api(created);
    renderSection();
    const form = within(screen.getByRole('form', { name: 'Add a channel' }));
    await userEvent.click(form.getByRole('button', { name: 'Email' }));
    await userEvent.type(form.getByLabelText(/Email address/), 'not-an-address');
    await userEvent.click(form.getByRole('button', { name: 'Add channel' }));
    expect(form.getByText('Invalid email')).toBeInTheDocument();
    await userEvent.clear(form.getByLabelText(/Email address/));
    await userEvent.type(form.getByLabelText(/Email address/), 'sam@example.com');
    await userEvent.type(form.getByLabelText('Name'), 'Work mail');
    await userEvent.click(form.getByRole('button', { name: 'Add channel' }));
    await screen.findByText('Channel added');

    await userEvent.click(form.getByRole('button', { name: 'Webhook' }));
    await userEvent.type(form.getByLabelText(/Webhook URL/), 'https://hooks.example.com/daybook');
    await userEvent.click(form.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { kind: 'email', name: 'Work mail', address: 'sam@example.com' },
      { kind: 'webhook', url: 'https://hooks.example.com/daybook' },
    ]);
  });

  it("shows the api's reason when it refuses an address", async () => {
    api((req) => (req.method === 'POST' ? json(400, { error: { code: 'validation_error', message: 'Webhook must not point at this server' } }) : undefined));
    renderSection();
    const form = within(screen.getByRole('form', { name: 'Add a channel' }));
    await userEvent.click(form.getByRole('button', { name: 'Webhook' }));
    await userEvent.type(form.getByLabelText(/Webhook URL/), 'http://127.0.0.1/hook');
    await userEvent.click(form.getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByTestId('toast-title')).toHaveTextContent('Failed to add channel');
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Webhook must not point at this server');
  });
});

describe('Settings, Notifications: default reminders and the digest', () => {
  const puts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PUT').map((r) => r.body);

  it('saves the default for tasks with a time and for tasks with only a date (on the day at 09:00, then another time)', async () => {
    const { requests } = api();
    renderSection();
    const timed = await screen.findByRole('combobox', { name: 'Tasks with a time' });
    expect(timed).toHaveTextContent('At due time');
    await userEvent.click(timed);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'None',
      'At due time',
      '5 min before',
      '10 min before',
      '15 min before',
      '30 min before',
      '1 h before',
      '2 h before',
      '1 day before',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '1 h before' }));
    await waitFor(() => expect(puts(requests)).toEqual([{ ...SETTINGS, timedDefault: { kind: 'before', minutes: 60 } }]));

    await userEvent.click(screen.getByRole('combobox', { name: 'Tasks with only a date' }));
    await userEvent.click(screen.getByRole('option', { name: 'On the day' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(2));
    expect(puts(requests)[1]).toMatchObject({ dateOnlyDefault: { kind: 'on-day', daysBefore: 0, time: '09:00' } });

    const time = await screen.findByLabelText('At');
    fireEvent.change(time, { target: { value: '08:30' } });
    fireEvent.blur(time);
    await waitFor(() => expect(puts(requests)).toHaveLength(3));
    expect(puts(requests)[2]).toMatchObject({ dateOnlyDefault: { kind: 'on-day', daysBefore: 0, time: '08:30' } });
  });

  it('turns the morning digest on at an hour of the user’s clock, and skips empty days', async () => {
    const { requests } = api();
    renderSection();
    expect(await screen.findByText(/America\/New York time/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Skip days with nothing to say' })).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Send at' }));
    const hours = screen.getAllByRole('option').map((option) => option.textContent);
    expect(hours).toHaveLength(25);
    expect(hours.slice(0, 3)).toEqual(['Off', '00:00', '01:00']);
    expect(hours.at(-1)).toBe('23:00');
    await userEvent.click(screen.getByRole('option', { name: '07:00' }));
    await waitFor(() => expect(puts(requests)).toEqual([{ ...SETTINGS, digestHour: 7 }]));
    await userEvent.click(screen.getByRole('switch', { name: 'Skip days with nothing to say' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(2));
    expect(puts(requests)[1]).toEqual({ ...SETTINGS, digestHour: 7, digestSkipEmpty: false });
  });

  it('puts the choice back and says so when it cannot be saved', async () => {
    api((req) => (req.method === 'PUT' ? json(500, { error: { code: 'internal_error', message: 'Internal server error' } }) : undefined));
    renderSection();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Tasks with a time' }));
    await userEvent.click(screen.getByRole('option', { name: 'None' }));
    expect(await screen.findByText('Failed to save notification settings')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tasks with a time' })).toHaveTextContent('At due time');
  });
});

/** A browser with push: a secure page, Notification, a service worker with a push manager. */
function installPush({ permission = 'default' as NotificationPermission, answer = 'granted' as NotificationPermission } = {}) {
  let current: PushSubscription | null = null;
  const subscription = {
    endpoint: 'https://push.example/send/abc',
    toJSON: () => ({ endpoint: 'https://push.example/send/abc', expirationTime: null, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ', auth: 'tBHItJI5svbpez7KI4CCXg' } }),
    unsubscribe: jest.fn(async () => {
      current = null;
      return true;
    }),
  } as unknown as PushSubscription;
  const pushManager = {
    getSubscription: jest.fn(async () => current),
    subscribe: jest.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  const registration = { active: {}, pushManager };
  const requestPermission = jest.fn(async () => answer);
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(window, 'PushManager', { value: function PushManager() {}, configurable: true });
  Object.defineProperty(window, 'Notification', { value: { permission, requestPermission }, configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', { value: { getRegistration: jest.fn(async () => registration), ready: Promise.resolve(registration) }, configurable: true });
  return { pushManager, requestPermission, subscription };
}

describe('Settings, Notifications: push on this device', () => {
  afterEach(() => {
    for (const key of ['isSecureContext', 'PushManager', 'Notification']) delete (window as unknown as Record<string, unknown>)[key];
    delete (navigator as unknown as Record<string, unknown>).serviceWorker;
  });

  it('explains why push is not offered on plain http or where the browser cannot receive it', async () => {
    api();
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    const { unmount } = renderSection();
    expect(await screen.findByText(/Push needs a secure \(https\) address/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable push on this device' })).not.toBeInTheDocument();
    unmount();

    // jsdom: a secure page, but no Notification, service worker or PushManager.
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    renderSection();
    expect(await screen.findByText(/This browser cannot receive push notifications/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable push on this device' })).not.toBeInTheDocument();
  });

  it('asks permission only on click, subscribes with the server key and registers the device; Disable undoes both', async () => {
    const push = installPush();
    const { requests } = api((req) => {
      if (req.path === '/api/notifications/push/key') return json(200, { publicKey: 'AQID' });
      if (req.path === '/api/notifications/push-subscriptions' && req.method === 'POST') return json(201, makeChannel({ id: uuid(8), kind: 'push', name: 'This browser', target: 'push.example' }));
      if (req.path.startsWith('/api/notifications/push-subscriptions?') && req.method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    renderSection();
    const enable = await screen.findByRole('button', { name: 'Enable push on this device' });
    await waitFor(() => expect(enable).toBeEnabled());
    expect(push.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(enable);
    expect(await screen.findByText('Push is on for this device')).toBeInTheDocument();
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    expect(push.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: new Uint8Array([1, 2, 3]) });
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      endpoint: 'https://push.example/send/abc',
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ', auth: 'tBHItJI5svbpez7KI4CCXg' },
      name: 'This browser',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Disable push on this device' }));
    expect(await screen.findByText('Push is off for this device')).toBeInTheDocument();
    expect(push.subscription.unsubscribe).toHaveBeenCalled();
    expect(requests.find((r) => r.method === 'DELETE')).toMatchObject({ path: `/api/notifications/push-subscriptions?endpoint=${encodeURIComponent('https://push.example/send/abc')}` });
    expect(screen.getByRole('button', { name: 'Enable push on this device' })).toBeInTheDocument();
  });

  it('subscribes nothing when the user declines, and explains blocked notifications', async () => {
    const push = installPush({ answer: 'denied' });
    const { requests } = api();
    renderSection();
    const enable = await screen.findByRole('button', { name: 'Enable push on this device' });
    await waitFor(() => expect(enable).toBeEnabled());
    await userEvent.click(enable);
    expect(await screen.findByText(/Notifications are blocked for Daybook/)).toBeInTheDocument();
    expect(enable).toBeDisabled();
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(requests.some((r) => r.path.startsWith('/api/notifications/push'))).toBe(false);
  });
});
