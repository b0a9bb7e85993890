import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CALENDAR_FEED_MAX_EVENTS, CALENDAR_FEED_SECRET_PATTERN, calendarFeedPath, type CalendarFeed, type CreatedCalendarFeed } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import { secretHash } from '../../core/secret-hash';
import { calendarFile } from './calendar-ics';
import { createCalendarFeedRepository } from './calendar-feed.repository';

/** 192 random bits, stored as their SHA-256 (secretHash): the address is shown once, when it is made. */
const SECRET_BYTES = 24;
/** Part of every ETag: a change in how the file is written makes every calendar fetch it again. */
const FILE_FORMAT_VERSION = '1';

/** A feed that answered: its version (the ETag) and, when the calendar does not hold that version yet, its file. */
export interface OpenedFeed {
  etag: string;
  render(): Promise<string>;
}

/** The private calendar feed (DECISIONS 30): turned on or given a new address in settings, and the file calendars poll. */
export function createCalendarFeedService(em: EntityManager, maxEvents = CALENDAR_FEED_MAX_EVENTS) {
  const feeds = createCalendarFeedRepository(em);
  return {
    /** Whether the feed is on (its address cannot be shown again: only its hash is kept). */
    async feed(actor: Actor): Promise<CalendarFeed> {
      const createdAt = await feeds.createdAt(actor.id);
      return { enabled: createdAt !== null, createdAt };
    },

    /** Turns the feed on, or gives it a new address: the old one stops answering at once. The answer is the only one with the address. */
    async rotate(actor: Actor): Promise<CreatedCalendarFeed> {
      const secret = randomBytes(SECRET_BYTES).toString('base64url');
      const createdAt = await feeds.setSecret(actor.id, secretHash(secret));
      return { enabled: true, createdAt, path: calendarFeedPath(secret) };
    },

    turnOff: (actor: Actor) => feeds.remove(actor.id),

    /**
     * The feed at `secret`: its version costs one cheap query, the file is only written when the calendar
     * asks for a version it does not hold. 404 for an address that is not (or no longer) a feed.
     */
    async open(secret: string): Promise<OpenedFeed> {
      const owner = CALENDAR_FEED_SECRET_PATTERN.test(secret) ? await feeds.ownerOf(secretHash(secret)) : null;
      if (!owner) throw notFound('Calendar');
      const version = await feeds.version(owner.userId, maxEvents);
      return {
        etag: `"${FILE_FORMAT_VERSION}-${version}-${owner.timezone}"`,
        render: async () => calendarFile(await feeds.tasks(owner.userId, maxEvents), owner.timezone, owner.username),
      };
    },
  };
}
export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
