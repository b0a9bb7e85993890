import { z } from 'zod';
import { isoInstantSchema } from '../common';

/**
 * The private calendar feed (DECISIONS 30): `GET /api/calendar/<secret>.ics` lists a user's open tasks that
 * have a due date, for phone and family calendars. The secret is the only key, stored as its SHA-256;
 * rotating it ends the old address at once, turning the feed off ends it altogether.
 */

/** A feed's secret: base64url of 24 random bytes. Anything else is not a feed (404, without a lookup). */
export const CALENDAR_FEED_SECRET_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/**
 * GET /api/calendar/feed: whether the feed is on, and since when its address works. The address itself is
 * not kept (only a hash of its secret, DECISIONS 48), so it is shown once, when it is made.
 */
export const calendarFeedSchema = z.object({ enabled: z.boolean(), createdAt: isoInstantSchema.nullable() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** POST /api/calendar/feed (turn on or give a new address): the only answer with the feed's path. */
export const createdCalendarFeedSchema = z.object({ enabled: z.literal(true), createdAt: isoInstantSchema, path: z.string() });
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedSchema>;

export const calendarFeedPath = (secret: string) => `/api/calendar/${secret}.ics`;

/** How long a timed task lasts in the feed when it has no estimate. */
export const CALENDAR_DEFAULT_EVENT_MINUTES = 30;
/** At most this many events in one feed (the earliest due dates are kept); quotas keep real feeds far below. */
export const CALENDAR_FEED_MAX_EVENTS = 5_000;
