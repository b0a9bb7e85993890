import { addDays, zonedDateTimeToInstant, zonedParts } from '@daybook/shared';
import type { RuleContext } from './context';
import { WE } from './lexicon';

/**
 * Zones people name after a time ('3pm EST', '10am PT', '14:00 CET', '9am UTC', '4pm London time').
 * Each maps to the IANA zone of its region, so the conversion follows that region's daylight-saving
 * rules through Intl: '3pm EST' said in July means New York's 3pm, as people mean it.
 */
const ZONE_WORDS: ReadonlyArray<[string, string[]]> = [
  ['UTC', ['utc', 'gmt', 'zulu']],
  ['America/New_York', ['est', 'edt', 'et', 'eastern(?:\\s+time)?', 'new\\s+york\\s+time', 'ny\\s+time', 'nyc\\s+time']],
  ['America/Chicago', ['cst', 'cdt', 'ct', 'central\\s+time', 'chicago\\s+time']],
  ['America/Denver', ['mst', 'mdt', 'mt', 'mountain\\s+time', 'denver\\s+time']],
  ['America/Phoenix', ['arizona\\s+time', 'phoenix\\s+time']],
  ['America/Los_Angeles', ['pst', 'pdt', 'pt', 'pacific(?:\\s+time)?', 'la\\s+time', 'california\\s+time', 'sf\\s+time', 'seattle\\s+time']],
  ['America/Anchorage', ['akst', 'akdt']],
  ['Pacific/Honolulu', ['hst', 'hawaii\\s+time']],
  ['America/Toronto', ['toronto\\s+time']],
  ['America/Sao_Paulo', ['brt', 'brasilia\\s+time', 'são\\s+paulo\\s+time', 'sao\\s+paulo\\s+time']],
  ['Europe/London', ['bst', 'uk\\s+time', 'london\\s+time', 'british\\s+time']],
  ['Europe/Dublin', ['irish\\s+time', 'dublin\\s+time']],
  ['Europe/Lisbon', ['lisbon\\s+time', 'portugal\\s+time']],
  ['Europe/Paris', ['cet', 'cest', 'mez', 'mesz', 'paris\\s+time', 'central\\s+european\\s+time']],
  ['Europe/Berlin', ['berlin\\s+time', 'german\\s+time']],
  ['Europe/Amsterdam', ['amsterdam\\s+time']],
  ['Europe/Madrid', ['madrid\\s+time', 'spanish\\s+time']],
  ['Europe/Athens', ['eet', 'eest', 'athens\\s+time']],
  ['Europe/Moscow', ['msk', 'moscow\\s+time']],
  ['Asia/Dubai', ['dubai\\s+time']],
  ['Asia/Kolkata', ['ist', 'india\\s+time', 'indian\\s+time']],
  ['Asia/Singapore', ['sgt', 'singapore\\s+time']],
  ['Asia/Hong_Kong', ['hkt', 'hong\\s+kong\\s+time']],
  ['Asia/Shanghai', ['china\\s+time', 'beijing\\s+time', 'shanghai\\s+time']],
  ['Asia/Tokyo', ['jst', 'tokyo\\s+time', 'japan\\s+time']],
  ['Asia/Seoul', ['kst', 'seoul\\s+time']],
  ['Australia/Sydney', ['aest', 'aedt', 'aet', 'sydney\\s+time', 'melbourne\\s+time']],
  ['Australia/Adelaide', ['acst', 'acdt']],
  ['Australia/Perth', ['awst', 'perth\\s+time']],
  ['Pacific/Auckland', ['nzst', 'nzdt', 'nzt', 'new\\s+zealand\\s+time', 'auckland\\s+time']],
];

const ZONE_ALTERNATION = ZONE_WORDS.flatMap(([, words]) => words)
  .sort((a, b) => b.length - a.length)
  .join('|');

/**
 * A zone right after a time: optional "(", the zone, optional ")" ('3pm (EST)', '9am UTC', '4pm UTC+2',
 * '14:00 GMT+05:30'). Anchored at the start of the text that follows the time.
 */
export const ZONE_AFTER_TIME = new RegExp(
  `^\\s*\\(?\\s*(?:(utc|gmt)\\s*([+-])\\s*(\\d{1,2})(?::?(\\d{2}))?|(${ZONE_ALTERNATION}))${WE}\\s*\\)?`,
  'iu',
);

const ZONE_BY_WORD: ReadonlyArray<[RegExp, string]> = ZONE_WORDS.map(([zone, words]) => [new RegExp(`^(?:${words.join('|')})$`, 'iu'), zone]);

/** The IANA zone a zone word names ('EST' → America/New_York), or null. */
export function zoneOfWord(word: string): string | null {
  const w = word.trim().replace(/\s+/gu, ' ');
  for (const [pattern, zone] of ZONE_BY_WORD) if (pattern.test(w)) return zone;
  return null;
}

/** An offset from UTC as the fixed-offset zone Intl knows ('UTC+2' → 'Etc/GMT-2'), or null when there is none. */
export function zoneOfOffset(sign: string, hours: number, minutes: number): string | null {
  if (hours > 14 || minutes > 59) return null;
  if (hours === 0 && minutes === 0) return 'UTC';
  if (minutes !== 0) return null; // half-hour offsets have no Etc zone; their regions are named instead
  // The Etc zones' signs are inverted (POSIX): UTC+2 is Etc/GMT-2.
  return `Etc/GMT${sign === '+' ? '-' : '+'}${hours}`;
}

/**
 * The user's date and time for `time` said in `zone`. With a date, that date's `time` in the zone;
 * without one, the next time the zone's clock reads `time` (today there if still ahead, else tomorrow).
 */
export function fromZone(ctx: RuleContext, date: string | null, time: string, zone: string): { date: string; time: string } {
  let sourceDate = date;
  if (sourceDate === null) {
    const there = zonedParts(ctx.now, zone);
    sourceDate = time > there.time ? there.date : addDays(there.date, 1);
  }
  const local = zonedParts(zonedDateTimeToInstant(sourceDate, time, zone), ctx.timezone);
  return { date: local.date, time: local.time };
}
