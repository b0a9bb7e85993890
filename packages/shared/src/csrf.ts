/**
 * State-changing /api calls must carry this header (DECISIONS 9). In a module of its own: the web's first
 * chunk needs it, and nothing of zod.
 */
export const CSRF_HEADER = 'x-daybook-csrf';
export const CSRF_HEADER_VALUE = '1';
