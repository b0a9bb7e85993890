import { z } from 'zod';

/**
 * The private calendar feed (DECISIONS 30): `GET /api/calendar/<secret>.ics` lists a user's open tasks that
 * have a due date, for phone and family calendars. The secret is the only key; rotating it ends the old
 * address at once, turning the feed off ends it altogether.
 */

/** A feed's secret: base64url of 24 random bytes. Anything else is not a feed (404, without a lookup). */
export const CALENDAR_FEED_SECRET_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** GET /api/calendar/feed, POST /api/calendar/feed (turn on or rotate): the feed's path, or null when it is off. */
export const calendarFeedSchema = z.object({ path: z.string().nullable() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedPath = (secret: string) => `/api/calendar/${secret}.ics`;

/** How long a timed task lasts in the feed when it has no estimate. */
export const CALENDAR_DEFAULT_EVENT_MINUTES = 30;
/** At most this many events in one feed (the earliest due dates are kept); quotas keep real feeds far below. */
export const CALENDAR_FEED_MAX_EVENTS = 5_000;
