import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { RegisterForm, registrationBody } from './RegisterForm';

const user = makeUser({ id: uuid(1), username: 'ann' });

/** The zone the browser reports (jsdom reports the machine's). */
const realResolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
function browserZone(timeZone: string | undefined) {
  jest.restoreAllMocks();
  jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...realResolvedOptions.call(this), timeZone: timeZone as string };
  });
}
beforeEach(() => browserZone('Europe/Madrid'));
afterEach(() => jest.restoreAllMocks());

function setup() {
  const onSignedIn = jest.fn();
  const onLogIn = jest.fn();
  renderWithProviders(<RegisterForm onLogIn={onLogIn} onSignedIn={onSignedIn} />);
  return { onSignedIn, onLogIn };
}

const field = (label: RegExp) => screen.getByLabelText(label);
const submitButton = () => screen.getByRole('button', { name: 'Create Account' });

async function fill(values: { username?: string; password?: string; confirm?: string; email?: string; firstName?: string }) {
  if (values.firstName) await userEvent.type(field(/First name/), values.firstName);
  if (values.email) await userEvent.type(field(/Email/), values.email);
  if (values.username) await userEvent.type(field(/^Username/), values.username);
  if (values.password) await userEvent.type(field(/^Password/), values.password);
  if (values.confirm) await userEvent.type(field(/^Confirm password/), values.confirm);
}

describe('RegisterForm', () => {
  it('keeps submit disabled until username, password and confirmation are filled', async () => {
    mockFetch(() => undefined);
    setup();
    expect(submitButton()).toBeDisabled();
    await fill({ username: 'ann', password: 'secret1' });
    expect(submitButton()).toBeDisabled();
    await fill({ confirm: 'secret1' });
    expect(submitButton()).toBeEnabled();
  });

  it('shows the spec messages and sends nothing when the form is invalid', async () => {
    const { requests } = mockFetch(() => undefined);
    setup();
    await fill({ username: 'an', password: 'short', confirm: 'other', email: 'not-an-email' });
    await userEvent.click(submitButton());
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('registers with only the filled-in optional fields and the currency of the browser’s language, then signs in', async () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en-US']);
    const { requests } = mockFetch((req) => (req.path === '/api/register' ? json(201, user) : req.path === '/api/login' ? json(200, user) : undefined));
    const { onSignedIn } = setup();
    await fill({ firstName: 'Ann', username: 'ann', password: 'secret1', confirm: 'secret1' });
    await userEvent.click(submitButton());
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(requests.map((r) => r.path)).toEqual(['/api/register', '/api/login']);
    expect(requests[0]?.body).toEqual({ username: 'ann', password: 'secret1', firstName: 'Ann', timezone: 'Europe/Madrid', currency: 'EUR' });
    expect(screen.getByText('Registration Successful')).toBeInTheDocument();
  });

  it.each([
    ['a zone the api would refuse', 'Mars/Olympus'],
    ['no zone at all', undefined],
  ])("leaves the timezone out when the browser reports %s (the account gets the default)", async (_case, zone) => {
    browserZone(zone);
    const { requests } = mockFetch((req) => (req.path === '/api/register' ? json(201, user) : req.path === '/api/login' ? json(200, user) : undefined));
    const { onSignedIn } = setup();
    await fill({ username: 'ann', password: 'secret1', confirm: 'secret1' });
    await userEvent.click(submitButton());
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    // jsdom's language is en-US.
    expect(requests[0]?.body).toEqual({ username: 'ann', password: 'secret1', currency: 'USD' });
  });

  it('falls back to the login form when signing in after registration fails', async () => {
    mockFetch((req) => (req.path === '/api/register' ? json(201, user) : json(503, { error: { code: 'x', message: 'Down' } })));
    const { onSignedIn, onLogIn } = setup();
    await fill({ username: 'ann', password: 'secret1', confirm: 'secret1' });
    await userEvent.click(submitButton());
    await waitFor(() => expect(onLogIn).toHaveBeenCalled());
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByText('Registration Successful')).toBeInTheDocument();
    expect(screen.getByText('Your account has been created! Please log in.')).toBeInTheDocument();
  });

  it.each([
    [409, 'conflict', 'Username is too similar to an existing username'],
    [400, 'validation_error', 'Username must not contain invisible or text-direction characters'],
    [429, 'too_many_requests', 'Too many accounts were created from your network. Try again in 58 minutes.'],
  ])('shows "Registration Failed" with the server message of a %i', async (status, code, message) => {
    mockFetch(() => json(status, { error: { code, message } }));
    const { onSignedIn, onLogIn } = setup();
    await fill({ username: 'ann', password: 'secret1', confirm: 'secret1' });
    await userEvent.click(submitButton());
    expect(await screen.findByText('Registration Failed')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(onLogIn).not.toHaveBeenCalled();
  });
});

describe('registrationBody', () => {
  it('trims and leaves out blank optional fields', () => {
    expect(registrationBody({ firstName: ' ', lastName: 'Lee ', email: '', username: ' ann ', password: ' pw pw ', confirmPassword: '' }, undefined)).toEqual({
      username: 'ann',
      password: ' pw pw ',
      lastName: 'Lee',
    });
  });
});
