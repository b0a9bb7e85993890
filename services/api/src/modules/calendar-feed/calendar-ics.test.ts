import { eventsOf } from '../../test/ical';
import { calendarFile } from './calendar-ics';
import type { FeedTask } from './calendar-feed.repository';

const task = (overrides: Partial<FeedTask>): FeedTask => ({
  id: '0b7e0a36-6a41-4a8e-9d5f-2b1f3c0d9e11',
  title: 'Call Acme',
  description: null,
  priority: 'medium',
  dueDate: '2026-12-03',
  dueTime: null,
  estimatedTime: null,
  isRecurring: false,
  recurringType: null,
  recurringInterval: 1,
  seriesStartDate: '2026-12-03',
  clientName: null,
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

describe('calendarFile', () => {
  it('keeps any text intact through escaping and folding, and no line passes 75 octets', () => {
    const title = 'Prüfung; Straße, Übergabe \\ “Zitat” — 日本語のタイトル 🎉 '.repeat(4).trim();
    const description = 'Line one\nLine two; with, commas\r\nLine three\u0007';
    const file = calendarFile([task({ title, description, clientName: 'Müller, Schmidt & Co; GmbH' })], 'Europe/Berlin', 'anna');
    for (const line of file.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const [event] = eventsOf(file);
    expect(event!.summary).toBe(`${title} · Müller, Schmidt & Co; GmbH`);
    expect(event!.description).toBe('Line one\nLine two; with, commas\nLine three\n\nMedium Priority\nClient: Müller, Schmidt & Co; GmbH');
    expect(event!.component.getFirstPropertyValue('categories')).toBe('Müller, Schmidt & Co; GmbH');
  });

  it('writes timed events in the TZID the zone table defines, UTC as Etc/UTC, and all-day ones as dates', () => {
    const file = calendarFile([task({ dueTime: '09:15', estimatedTime: '1.5h' }), task({ id: 'other', title: 'All day' })], 'UTC', 'anna');
    const [timed, allDay] = eventsOf(file);
    expect(timed!.startDate.zone.tzid).toBe('Etc/UTC');
    expect(timed!.startDate.toJSDate().toISOString()).toBe('2026-12-03T09:15:00.000Z');
    expect(timed!.duration.toSeconds()).toBe(90 * 60);
    expect(timed!.description).toContain('Estimate: 1 h 30 min');
    expect(allDay!.startDate.isDate).toBe(true);
    expect(file.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
  });

  it('carries no VTIMEZONE when every task is all-day', () => {
    expect(calendarFile([task({})], 'Europe/Berlin', 'anna')).not.toContain('VTIMEZONE');
  });
});
