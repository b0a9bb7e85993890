import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import {
  CALENDAR_DEFAULT_EVENT_MINUTES,
  estimateLabel,
  parseCalendarDate,
  parseEstimateMinutes,
  PRIORITY_LABELS,
  recurrenceRule,
  seriesInterval,
  zonedDateTimeToInstant,
  type Priority,
  type Timezone,
} from '@daybook/shared';
import type { FeedTask } from './calendar-feed.repository';

/*
 * The feed's iCalendar file (RFC 5545), written here line by line. A VEVENT is a handful of simple lines;
 * ical-generator wrote them at about 0.3 ms an event (its line folding measures every character with a
 * TextEncoder), which is over a second of blocked event loop for a feed at its 5,000-event bound. The hard
 * part, each zone's VTIMEZONE with its daylight-saving rules, comes from @touch4it/ical-timezones; the
 * tests read every file back with ical.js.
 */

const CRLF = '\r\n';
/** RFC 5545 §3.1: lines longer than 75 octets are folded. */
const MAX_LINE_OCTETS = 75;

/** RFC 5545 PRIORITY: 1 is the highest, 9 the lowest. */
const ICAL_PRIORITY: Record<Priority, number> = { urgent: 1, high: 3, medium: 5, low: 9 };

/** A TEXT value (§3.3.11): backslash, semicolon, comma and line breaks escaped, other control characters dropped. */
function text(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/[\\;,\n]/g, (character) => (character === '\n' ? '\\n' : `\\${character}`));
}

const octetsOf = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/** Folds a content line into 75-octet pieces (continuations start with a space), never inside a character. */
function fold(line: string): string {
  if (line.length <= MAX_LINE_OCTETS / 4 || Buffer.byteLength(line) <= MAX_LINE_OCTETS) return line;
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  for (const character of line) {
    const size = octetsOf(character.codePointAt(0)!);
    // Continuation lines carry one octet of leading space.
    if (octets + size > MAX_LINE_OCTETS - (pieces.length > 0 ? 1 : 0)) {
      pieces.push(piece);
      piece = '';
      octets = 0;
    }
    piece += character;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join(`${CRLF} `);
}

/** 2026-12-03T14:00:00.000Z → 20261203T140000Z */
const utcStamp = (isoInstant: string) => isoInstant.replace(/[-:]/g, '').replace(/\.\d+/, '');
/** 2026-12-03 → 20261203; with 15:00 → 20261203T150000 (a wall-clock time, read in the event's TZID). */
const localStamp = (date: string, time?: string) => date.replace(/-/g, '') + (time ? `T${time.replace(':', '')}00` : '');

const summaryOf = (task: FeedTask) => (task.clientName ? `${task.title} · ${task.clientName}` : task.title);

function descriptionOf(task: FeedTask): string {
  const facts = [PRIORITY_LABELS[task.priority]];
  if (task.clientName) facts.push(`Client: ${task.clientName}`);
  if (task.estimatedTime) facts.push(`Estimate: ${estimateLabel(task.estimatedTime)}`);
  return task.description ? `${task.description}\n\n${facts.join('\n')}` : facts.join('\n');
}

/**
 * The zone timed events are written in: its VTIMEZONE and the TZID it defines (`UTC` is defined as
 * `Etc/UTC`), or null for a zone the table does not know, whose events are then written as UTC instants.
 */
interface EventZone {
  tzid: string;
  vtimezone: string[];
}

function eventZoneOf(timezone: Timezone): EventZone | null {
  const vtimezone = getVtimezoneComponent(timezone)?.trim().split(/\r?\n/);
  const tzid = vtimezone?.find((line) => line.startsWith('TZID:'))?.slice('TZID:'.length);
  return vtimezone && tzid ? { tzid, vtimezone } : null;
}

/** When the task happens: the whole due day, or from its due time for its estimate, on the user's clock. */
function whenOf(task: FeedTask, timezone: Timezone, zone: EventZone | null): string[] {
  if (!task.dueTime) return [`DTSTART;VALUE=DATE:${localStamp(task.dueDate)}`];
  const minutes = Math.max(1, Math.round(parseEstimateMinutes(task.estimatedTime) ?? CALENDAR_DEFAULT_EVENT_MINUTES));
  const start = zone
    ? `DTSTART;TZID=${zone.tzid}:${localStamp(task.dueDate, task.dueTime)}`
    : `DTSTART:${utcStamp(zonedDateTimeToInstant(task.dueDate, task.dueTime, timezone).toISOString())}`;
  return [start, `DURATION:PT${minutes}M`];
}

function eventOf(task: FeedTask, timezone: Timezone, zone: EventZone | null): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${task.id}@daybook`,
    `DTSTAMP:${utcStamp(task.updatedAt)}`,
    `LAST-MODIFIED:${utcStamp(task.updatedAt)}`,
    ...whenOf(task, timezone, zone),
    `SUMMARY:${text(summaryOf(task))}`,
    `DESCRIPTION:${text(descriptionOf(task))}`,
    `PRIORITY:${ICAL_PRIORITY[task.priority]}`,
    // Tasks are work to do, not appointments: they leave the time free.
    'TRANSP:TRANSPARENT',
  ];
  if (task.clientName) lines.push(`CATEGORIES:${text(task.clientName)}`);
  if (task.isRecurring && task.recurringType) {
    const interval = seriesInterval(task.recurringType, task.recurringInterval);
    lines.push(`RRULE:${recurrenceRule(task.recurringType, interval, parseCalendarDate(task.seriesStartDate).day)}`);
  }
  lines.push('END:VEVENT');
  return lines;
}

/**
 * The feed as an iCalendar file: one event per open task with a due date (all-day, or timed in the user's
 * zone, whose VTIMEZONE it carries), repeating like its series, with the client's name in the title and as
 * a category.
 */
export function calendarFile(tasks: readonly FeedTask[], timezone: Timezone, username: string): string {
  const name = text(`Daybook (${username})`);
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Daybook//Daybook tasks//EN', 'CALSCALE:GREGORIAN', `NAME:${name}`, `X-WR-CALNAME:${name}`];
  const zone = tasks.some((task) => task.dueTime) ? eventZoneOf(timezone) : null;
  if (zone) lines.push(...zone.vtimezone);
  for (const task of tasks) lines.push(...eventOf(task, timezone, zone));
  lines.push('END:VCALENDAR');
  return lines.map(fold).join(CRLF) + CRLF;
}
