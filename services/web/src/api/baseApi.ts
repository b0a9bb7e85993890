import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { CSRF_HEADER, CSRF_HEADER_VALUE, hasSignedInHint } from '@daybook/shared';
import { withDeviceQueue } from '../lib/deviceQueue';
import { toApiError, type ApiError } from './apiError';
import { firstAnswerFetch } from './firstAnswers';
import { handleUnauthorized } from './unauthorized';

/** Endpoints for which a 401 is an answer, not a lost session. */
const SIGNED_OUT_MEANS_NULL = new Set(['getCurrentUser']); // spec §7: a 401 yields no user
// Wrong credentials (signing in, and the single sign-on's "link your account"); a wrong second factor or passkey (features/auth/two-step).
const UNAUTHORIZED_EXPECTED = new Set(['login', 'linkOidcAccount', 'verifySecondFactor', 'signInWithPasskey']);

const apiRoot = typeof window === 'undefined' ? '/api' : new URL('/api', window.location.origin).href;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiRoot,
  credentials: 'include', // spec §7: every request carries the cookies…
  cache: 'no-store', // …and is never answered from the HTTP cache
  prepareHeaders(headers) {
    headers.set(CSRF_HEADER, CSRF_HEADER_VALUE); // DECISIONS 9; harmless on reads
    headers.set('Accept', 'application/json');
    return headers;
  },
  responseHandler: 'content-type',
  // On a repeat visit the first screen's reads may take the answer the device kept (issue 18, firstAnswers.ts);
  // offline without a service worker, changes wait in the page's queue (issue 37, deviceQueue.ts).
  fetchFn: withDeviceQueue(firstAnswerFetch),
});

/**
 * Asks the api whether this browser has a session although it has no signed-in hint (a session made before
 * the hint existed): an answer of 200 either way, which gives such a session its hint. Unreachable: as before
 * the hint, the read itself is tried.
 */
async function hasSessionWithoutHint(): Promise<boolean> {
  try {
    const answer = await fetch(new URL('/api/auth/session', window.location.origin).href, { credentials: 'same-origin', headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, Accept: 'application/json' } });
    return answer.ok ? Boolean(((await answer.json()) as { signedIn?: unknown }).signedIn) : true;
  } catch {
    return true;
  }
}

/** The one base query: errors become `status: body` (apiError.ts), and any unexpected 401 logs out. */
export const apiBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extraOptions) => {
  // Without the signed-in hint nobody is signed in here: no read the api would refuse (issue 37).
  if (SIGNED_OUT_MEANS_NULL.has(api.endpoint) && typeof document !== 'undefined' && !hasSignedInHint(document.cookie) && !(await hasSessionWithoutHint())) return { data: null };
  const result = await rawBaseQuery(args, api, extraOptions);
  if (!result.error) return { data: result.data ?? null, meta: result.meta };
  const { error } = result;
  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : error.status;
  if (status === 401 && SIGNED_OUT_MEANS_NULL.has(api.endpoint)) return { data: null, meta: result.meta };
  if (status === 401 && !UNAUTHORIZED_EXPECTED.has(api.endpoint)) handleUnauthorized();
  const data = 'data' in error ? error.data : 'error' in error ? error.error : undefined;
  return { error: toApiError(status, data, result.meta?.response?.statusText), meta: result.meta };
};

export const TAG_TYPES = [
  'CurrentUser',
  'Task',
  'DailyPlan',
  'Client',
  'Contact',
  'TimeIncrement',
  'NoteList',
  'NoteItem',
  'AdminUser',
  'Capture',
  'NotificationSettings',
  'Channel',
  'TaskReminders',
  'ApiToken',
  'CalendarFeed',
  'Timer',
  'TimeEntry',
  'Billing',
  'TaskShare',
  'SecondFactor',
  'Session',
  'AuditEvent',
] as const;

/**
 * The one RTK Query api (docs/development.md convention 11); each domain adds its endpoints with
 * `injectEndpoints` in its own file. Cache rules of spec §9: data fresh for 5 minutes, unused data kept
 * 10 minutes, refetched on window focus, no retries, no polling.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: 600,
  refetchOnMountOrArgChange: 300,
  refetchOnFocus: true,
  endpoints: () => ({}),
});
