/** Times of day as `HH:mm` (24-hour) strings; they sort and compare correctly as plain strings. */

export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const isValidTimeOfDay = (value: string) => TIME_OF_DAY_PATTERN.test(value);

/**
 * Reads a typed time leniently: `9:30`, `09:30` and `09:30:15` give '09:30'; anything else, or an
 * hour above 23 or a minute above 59, gives null.
 */
export function normalizeTimeOfDay(value: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

export function parseTimeOfDay(value: string): { hour: number; minute: number } {
  if (!isValidTimeOfDay(value)) throw new RangeError(`Not a time of day: ${value}`);
  const [hour, minute] = value.split(':').map(Number) as [number, number];
  return { hour, minute };
}

/** '15:00' → '3:00 PM', '00:05' → '12:05 AM' (how times of day read on screen); anything unreadable is returned as it is. */
export function formatTimeOfDay(time: string): string {
  if (!isValidTimeOfDay(time)) return time;
  const { hour, minute } = parseTimeOfDay(time);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}
