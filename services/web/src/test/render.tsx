import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { render, type RenderOptions } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { taskPageSchema } from '@daybook/shared';
import { makeStore, type AppStore } from '../app/store';
import { theme } from '../app/theme';
import { Toaster } from '../components/Toaster';

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

/** A task as the api answers it, with defaults. */
export function makeTask(overrides: Partial<import('@daybook/shared').Task> & { id: string; title: string }): import('@daybook/shared').Task {
  return {
    description: null,
    clientId: null,
    priority: 'medium',
    status: 'todo',
    dueDate: null,
    dueTime: null,
    estimatedTime: null,
    isCompleted: false,
    isBacklog: false,
    isArchived: false,
    documentLinks: [],
    isRecurring: false,
    recurringType: null,
    recurringInterval: 1,
    lastRecurrenceDate: null,
    parentTaskId: null,
    isDelegated: false,
    delegatedToId: null,
    delegationNotes: null,
    sortOrder: 0,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A page of a task list as the api answers it, checked against the shared contract. */
export const taskPage = (items: import('@daybook/shared').Task[], nextCursor: string | null = null) => taskPageSchema.parse({ items, nextCursor });
