import { formatDuration } from '../estimates/estimate';

/** Pure rules of time tracking (DECISIONS 31), the same in the api and the browser. */

/** Whole seconds a timer started at `startedAt` has run at `nowMs` (never negative, whatever the clocks say). */
export const elapsedSeconds = (startedAt: string, nowMs: number) => Math.max(0, Math.floor((nowMs - Date.parse(startedAt)) / 1000));

/** A running timer's clock: '0:05:09', '12:00:00'. */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(whole / 3600)}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`;
}

/** Tracked seconds as every duration is shown, to the whole minute: '45 min', '1 h 30 min'. */
export const formatTracked = (seconds: number) => formatDuration(Math.floor(seconds / 60));

/** A new entry is billable by default when it has a client and that client is billable. */
export const billableByDefault = (client: { billable: boolean } | null | undefined) => client?.billable === true;
