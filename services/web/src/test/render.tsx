import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { render, type RenderOptions } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { makeStore, type AppStore } from '../app/store';
import { theme } from '../app/theme';
import { Toaster } from '../components/Toaster';
import { TaskViewContext, type TaskView } from '../components/tasks/TaskViewContext';

/** Renders with the store, theme, a router and the toast area, as main.tsx does. */
export function renderWithProviders(ui: ReactElement, { store = makeStore(), route = '/', ...options }: { store?: AppStore; route?: string } & RenderOptions = {}) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
          <Toaster />
        </ThemeProvider>
      </Provider>
    );
  }
  return { store, ...render(ui, { wrapper: Wrapper, ...options }) };
}

/** What task cards need from their screen: no clients or contacts, Wednesday 2026-03-04 10:00 in New York, unless told otherwise. */
export function taskView(overrides: Partial<TaskView> = {}): TaskView {
  return { clientsById: new Map(), contactsById: new Map(), now: new Date('2026-03-04T15:00:00Z'), timeZone: 'America/New_York', delegationEnabled: false, openTask: jest.fn(), ...overrides };
}

/** `ui` inside a task view, for a part of a screen tested on its own. */
export const withTaskView = (ui: ReactNode, view: TaskView = taskView()) => <TaskViewContext.Provider value={view}>{ui}</TaskViewContext.Provider>;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  credentials: RequestCredentials;
  cache: RequestCache;
  body: unknown;
}

type Handler = (request: RecordedRequest) => Response | undefined | Promise<Response | undefined>;

/** Answers fetch from `handler` (undefined → 404) and records every request. */
export function mockFetch(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.clone().text();
    const recorded: RecordedRequest = {
      method: request.method,
      path: new URL(request.url).pathname + new URL(request.url).search,
      headers: request.headers,
      credentials: request.credentials,
      cache: request.cache,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(recorded);
    return (await handler(recorded)) ?? json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return { requests, fetchMock };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
