/**
 * Where a confirmation mail's link opens the web app: `/confirm-email/<token>`. A module of its own, without
 * zod: the web's first chunk (its routes) reads it, and the schemas stay in the chunks of the screens that
 * validate (services/web/scripts/bundle-size.mjs keeps the dashboard's first load within its budget).
 */
export const CONFIRM_EMAIL_PATH = '/confirm-email';
