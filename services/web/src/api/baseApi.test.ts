import { act, waitFor } from '@testing-library/react';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@daybook/shared';
import { makeStore } from '../app/store';
import { getToasts } from '../lib/toast';
import { makeTask, uuid } from '../test/fixtures';
import { json, mockFetch } from '../test/render';
import { authApi } from './authApi';
import { tasksApi } from './tasksApi';
import { LOGIN_REDIRECT_DELAY_MS, LOGIN_URL, setUnauthorizedRedirect } from './unauthorized';

describe('the data layer', () => {
  let redirects: string[];
  beforeEach(() => {
    redirects = [];
    setUnauthorizedRedirect((url) => redirects.push(url));
  });

  it('sends cookies, no caching and the CSRF header on every call', async () => {
    const { requests } = mockFetch((req) => (req.path === '/api/tasks' ? json(201, makeTask({ id: uuid(1), title: 'A' })) : undefined));
    const store = makeStore();
    await store.dispatch(tasksApi.endpoints.createTask.initiate({ title: 'A' }));
    const [request] = requests;
    expect(request).toMatchObject({ method: 'POST', path: '/api/tasks', credentials: 'include', cache: 'no-store', body: { title: 'A' } });
    expect(request?.headers.get(CSRF_HEADER)).toBe(CSRF_HEADER_VALUE);
  });

  it('turns a failure into "status: body"', async () => {
    mockFetch(() => json(500, { error: { code: 'internal_error', message: 'Internal server error' } }));
    const store = makeStore();
    const result = await store.dispatch(tasksApi.endpoints.getActiveTasks.initiate());
    expect(result.error).toMatchObject({
      status: 500,
      message: '500: {"error":{"code":"internal_error","message":"Internal server error"}}',
    });
  });

  it('reads a 401 on the current user as "signed out", without logging out', async () => {
    mockFetch(() => json(401, { error: { code: 'unauthorized', message: 'Unauthorized' } }));
    const store = makeStore();
    const result = await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(result.data).toBeNull();
    expect(getToasts()).toHaveLength(0);
  });

  describe('without the signed-in hint (a visitor, or a session older than the hint)', () => {
    beforeEach(() => {
      document.cookie = 'daybook_signed_in=; max-age=0';
    });
    afterEach(() => {
      document.cookie = 'daybook_signed_in=1';
    });

    it('asks /api/auth/session (200) and, signed out, nothing the api would refuse', async () => {
      const { requests } = mockFetch((req) => (req.path === '/api/auth/session' ? json(200, { signedIn: false }) : json(401, {})));
      const result = await makeStore().dispatch(authApi.endpoints.getCurrentUser.initiate());
      expect(result.data).toBeNull();
      expect(requests.map((request) => request.path)).toEqual(['/api/auth/session']);
    });

    it('reads who is signed in when that session exists', async () => {
      const user = { id: uuid(1), username: 'anna' };
      const { requests } = mockFetch((req) => (req.path === '/api/auth/session' ? json(200, { signedIn: true }) : req.path === '/api/auth/user' ? json(200, user) : undefined));
      const result = await makeStore().dispatch(authApi.endpoints.getCurrentUser.initiate());
      expect(result.data).toMatchObject(user);
      expect(requests.map((request) => request.path)).toEqual(['/api/auth/session', '/api/auth/user']);
    });
  });

  it('logs out on any other 401: the Unauthorized toast, then the login page after 500 ms', async () => {
    jest.useFakeTimers();
    try {
      mockFetch(() => json(401, { error: { code: 'unauthorized', message: 'Unauthorized' } }));
      const store = makeStore();
      await act(() => store.dispatch(tasksApi.endpoints.getBacklogTasks.initiate()));
      await act(() => store.dispatch(tasksApi.endpoints.getActiveTasks.initiate()));
      expect(getToasts()).toEqual([expect.objectContaining({ title: 'Unauthorized', description: 'You are logged out. Logging in again...' })]);
      expect(redirects).toEqual([]);
      act(() => jest.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS));
      await waitFor(() => expect(redirects).toEqual([LOGIN_URL]));
    } finally {
      jest.useRealTimers();
    }
  });

  it('expects the 401s of calls in flight while the user signs out, but not after a failed sign-out', async () => {
    let logoutStatus = 200;
    mockFetch((req) => (req.path === '/api/logout' ? json(logoutStatus, {}) : json(401, { error: { code: 'unauthorized', message: 'Unauthorized' } })));
    const store = makeStore();
    await store.dispatch(authApi.endpoints.logout.initiate());
    await store.dispatch(tasksApi.endpoints.getActiveTasks.initiate());
    expect(getToasts()).toHaveLength(0);

    logoutStatus = 500;
    await store.dispatch(authApi.endpoints.logout.initiate());
    await store.dispatch(tasksApi.endpoints.getBacklogTasks.initiate());
    expect(getToasts()).toEqual([expect.objectContaining({ title: 'Unauthorized' })]);
  });

  it('does not log out when a sign-in is refused', async () => {
    mockFetch(() => json(401, { error: { code: 'unauthorized', message: 'Invalid username or password' } }));
    const store = makeStore();
    await store.dispatch(authApi.endpoints.login.initiate({ username: 'ann', password: 'nope' }));
    expect(getToasts()).toHaveLength(0);
  });
});
