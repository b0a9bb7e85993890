import { createHash } from 'node:crypto';
import { rrulestr } from 'rrule';
import request from 'supertest';
import { nextRecurrenceDate, type RecurringType } from '@daybook/shared';
import { CALENDAR_POLLS_PER_MINUTE } from '../../http/rate-limits';
import { eventsOf, type IcalEvent } from '../../test/ical';
import { truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';

/**
 * The private calendar feed (DECISIONS 30): what calendar apps poll. Every file is read back with ical.js
 * (an independent RFC 5545 parser), its timezone registered, its recurrence rules expanded.
 */

let t: TestContext;
let anna: ApiClient;

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'error' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  await t.redis.flushdb();
  anna = t.client();
  await anna.signUpAndIn('anna');
  await anna.patch('/api/auth/user/timezone', { timezone: 'Europe/Berlin' });
});

async function turnOnFeed(client: ApiClient): Promise<string> {
  const res = await client.post('/api/calendar/feed', {});
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ enabled: true, createdAt: expect.any(String), path: expect.stringMatching(/^\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/) });
  return res.body.path;
}

/** A calendar app: no cookie, no CSRF header. */
const poll = (path: string, etag?: string) => {
  const req = request(t.server).get(path);
  return etag ? req.set('If-None-Match', etag) : req;
};

async function newTask(body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await anna.post('/api/tasks', body);
  expect(res.status).toBe(201);
  return res.body;
}

/** The file's events by title. */
function readCalendar(text: string) {
  return { byTitle: new Map(eventsOf(text).map((event) => [event.summary, event])) };
}

/** The first `count` dates (YYYY-MM-DD) of an event's recurrence, as ical.js expands its RRULE. */
function occurrences(event: IcalEvent, count: number): string[] {
  const iterator = event.iterator();
  const dates: string[] = [];
  for (let next = iterator.next(); next && dates.length < count; next = iterator.next()) dates.push(next.toString().slice(0, 10));
  return dates;
}

/** The same series as Daybook creates it, one completion after another. */
function daybookSeries(dueDate: string, recurringType: RecurringType, recurringInterval: number, count: number): string[] {
  const dates = [dueDate];
  while (dates.length < count) dates.push(nextRecurrenceDate({ dueDate: dates.at(-1)!, recurringType, recurringInterval }, dueDate, dueDate)!);
  return dates;
}

describe('the feed file', () => {
  it('lists open tasks with due dates as all-day or timed events in the user’s zone, with client names', async () => {
    const client = (await anna.post('/api/clients', { name: 'Acme Corp' })).body;
    await newTask({ title: 'Call Acme', clientId: client.id, dueDate: '2026-12-03', dueTime: '15:00', estimatedTime: '1h', priority: 'high', description: 'About the renewal' });
    await newTask({ title: 'Pay rent', dueDate: '2026-12-01' });
    await newTask({ title: 'No date yet' });
    const done = await newTask({ title: 'Already done', dueDate: '2026-12-02' });
    await anna.patch(`/api/tasks/${done.id}/complete`, { isCompleted: true });
    const archived = await newTask({ title: 'Archived', dueDate: '2026-12-02' });
    await anna.patch(`/api/tasks/${archived.id}/archive`, {});

    const res = await poll(await turnOnFeed(anna));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers.etag).toBeTruthy();
    // Calendar apps may keep the file but must ask again (the api's default no-store does not override it).
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const { byTitle } = readCalendar(res.text);
    expect([...byTitle.keys()].sort()).toEqual(['Call Acme · Acme Corp', 'Pay rent']);

    const call = byTitle.get('Call Acme · Acme Corp')!;
    expect(call.startDate.isDate).toBe(false);
    expect(call.startDate.zone.tzid).toBe('Europe/Berlin');
    expect(call.startDate.toString()).toBe('2026-12-03T15:00:00');
    expect(call.startDate.toJSDate().toISOString()).toBe('2026-12-03T14:00:00.000Z');
    expect(call.duration.toSeconds()).toBe(3600);
    expect(call.description).toContain('About the renewal');
    expect(call.component.getFirstPropertyValue('categories')).toBe('Acme Corp');
    expect(call.component.getFirstPropertyValue('priority')).toBe(3);
    expect(call.uid).toMatch(/@daybook$/);

    const rent = byTitle.get('Pay rent')!;
    expect(rent.startDate.isDate).toBe(true);
    expect(rent.startDate.toString()).toBe('2026-12-01');
    expect(rent.isRecurring()).toBe(false);
  });

  it('repeats a recurring task by a rule that yields the same dates as Daybook’s series', async () => {
    const series: Array<[string, RecurringType, number, string | null]> = [
      ['Weekly review', 'weekly', 2, '09:30'],
      ['Standup', 'weekdays', 1, '09:00'],
      ['Invoice run', 'monthly', 1, null], // on the 31st: the last day of shorter months
      ['Water the plants', 'daily', 3, null],
    ];
    for (const [title, recurringType, recurringInterval, dueTime] of series) {
      await newTask({ title, dueDate: title === 'Invoice run' ? '2027-01-31' : '2026-11-27', dueTime, isRecurring: true, recurringType, recurringInterval });
    }
    const { byTitle } = readCalendar((await poll(await turnOnFeed(anna))).text);
    for (const [title, recurringType, recurringInterval] of series) {
      const event = byTitle.get(title)!;
      expect(event.isRecurring()).toBe(true);
      const first = event.startDate.toString().slice(0, 10);
      expect({ title, dates: occurrences(event, 6) }).toEqual({ title, dates: daybookSeries(first, recurringType, recurringInterval, 6) });
    }
    expect(byTitle.get('Invoice run')!.component.getFirstPropertyValue('rrule')!.toString()).toBe('FREQ=MONTHLY;BYMONTHDAY=-1');
    expect(byTitle.get('Weekly review')!.component.getFirstPropertyValue('rrule')!.toString()).toBe('FREQ=WEEKLY;INTERVAL=2');
    // A timed series keeps its wall-clock time across the change to summer time.
    const standup = byTitle.get('Standup')!;
    const iterator = standup.iterator();
    let occurrence = iterator.next();
    while (occurrence && occurrence.toString() < '2027-04-01') occurrence = iterator.next();
    expect(occurrence!.toString()).toBe('2027-04-01T09:00:00');
    expect(standup.startDate.zone.tzid).toBe('Europe/Berlin');
  });

  it('writes a monthly series on the 30th so that calendars applying BYSETPOS (Google, rrule) keep Daybook’s dates', async () => {
    await newTask({ title: 'Pay the accountant', dueDate: '2027-01-30', isRecurring: true, recurringType: 'monthly', recurringInterval: 1 });
    const { byTitle } = readCalendar((await poll(await turnOnFeed(anna))).text);
    const rule = byTitle.get('Pay the accountant')!.component.getFirstPropertyValue('rrule')!.toString();
    expect(rule).toBe('FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1');
    const dates = rrulestr(`DTSTART:20270130T000000Z\nRRULE:${rule}`)
      .all((_, index) => index < 6)
      .map((date) => date.toISOString().slice(0, 10));
    expect(dates).toEqual(daybookSeries('2027-01-30', 'monthly', 1, 6));
  });
});

describe('polling', () => {
  it('answers 304 while nothing changed and the new file once a task changes', async () => {
    const task = await newTask({ title: 'Renew passport', dueDate: '2026-12-10' });
    const path = await turnOnFeed(anna);
    const first = await poll(path);
    const etag = first.headers.etag as string;
    const again = await poll(path, etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    await anna.patch(`/api/tasks/${task.id}`, { title: 'Renew passport and ID' });
    const changed = await poll(path, etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.text).toContain('SUMMARY:Renew passport and ID');

    // A change of timezone moves every timed event: a new version too.
    const before = changed.headers.etag as string;
    await anna.patch('/api/auth/user/timezone', { timezone: 'America/New_York' });
    expect((await poll(path, before)).status).toBe(200);
  });

  it('ends the old address at once when the secret is rotated, and every address when the feed is turned off', async () => {
    await newTask({ title: 'Dentist', dueDate: '2026-12-10', dueTime: '08:15' });
    const old = await turnOnFeed(anna);
    expect((await poll(old)).status).toBe(200);
    const rotated = await turnOnFeed(anna);
    expect(rotated).not.toBe(old);
    expect((await poll(old)).status).toBe(404);
    expect((await poll(rotated)).status).toBe(200);
    expect((await anna.get('/api/calendar/feed')).body).toEqual({ enabled: true, createdAt: expect.any(String) });

    expect((await anna.delete('/api/calendar/feed')).status).toBe(204);
    expect((await poll(rotated)).status).toBe(404);
    expect((await anna.get('/api/calendar/feed')).body).toEqual({ enabled: false, createdAt: null });
  });

  it('answers 404 to addresses that are not feeds, and shows each user only their own feed address', async () => {
    const path = await turnOnFeed(anna);
    const oneCharOff = `${path.slice(0, -5)}${path.at(-5) === 'A' ? 'B' : 'A'}.ics`;
    for (const bad of ['/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics', '/api/calendar/short.ics', oneCharOff]) {
      expect((await poll(bad)).status).toBe(404);
    }
    const bob = t.client();
    await bob.signUpAndIn('bob');
    expect((await bob.get('/api/calendar/feed')).body).toEqual({ enabled: false, createdAt: null });
    expect((await request(t.server).get('/api/calendar/feed')).status).toBe(401);
  });

  it('keeps only the SHA-256 of the secret: the address is in the answer that made it and nowhere else, and it works', async () => {
    await newTask({ title: 'Dentist', dueDate: '2026-12-10' });
    const path = await turnOnFeed(anna);
    const secret = path.slice('/api/calendar/'.length, -'.ics'.length);
    const [stored] = await t.orm.em.getConnection().execute<{ row: string; hash: string }[]>(
      `select row_to_json(f)::text as row, encode(secret_hash, 'hex') as hash from calendar_feeds f`,
    );
    expect(stored!.row).not.toContain(secret);
    expect(stored!.row).not.toContain(secret.slice(0, 16));
    expect(stored!.hash).toBe(createHash('sha256').update(secret).digest('hex'));
    const settings = await anna.get('/api/calendar/feed');
    expect(settings.text).not.toContain(secret);
    expect((await poll(path)).text).toContain('SUMMARY:Dentist');
  });

  it('limits polls per address with 429 and Retry-After', async () => {
    const path = await turnOnFeed(anna);
    const answers = await Promise.all(Array.from({ length: CALENDAR_POLLS_PER_MINUTE + 5 }, () => poll(path)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(CALENDAR_POLLS_PER_MINUTE);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(5);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);
});
