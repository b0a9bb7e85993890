/**
 * What the service worker (src/sw.ts) does with a push message (DECISIONS 29): the notification it
 * shows, and the api call behind its Complete and Snooze buttons. Pure, so it is tested here; the worker
 * only wires it to its events.
 */
import { SNOOZE_MINUTES_DEFAULT, type NotificationPayload } from '@daybook/shared';

/** The buttons a reminder's notification offers. */
export const NOTIFICATION_ACTIONS = { complete: 'complete', snooze: 'snooze' } as const;

const KINDS: readonly NotificationPayload['kind'][] = ['reminder', 'digest', 'test', 'share'];
const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const idOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A push message's payload (`notificationPayloadSchema` in @daybook/shared). Read by hand rather than with
 * the zod schema, which would make /sw.js several times larger: the message comes from our own api, and a
 * damaged one still shows as a plain notification that opens the app.
 */
export function readPushPayload(data: unknown): NotificationPayload {
  const raw = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const url = text(raw.url, '/');
  return {
    kind: KINDS.includes(raw.kind as NotificationPayload['kind']) ? (raw.kind as NotificationPayload['kind']) : 'reminder',
    title: text(raw.title, 'Daybook') || 'Daybook',
    body: text(raw.body, ''),
    taskId: idOrNull(raw.taskId),
    reminderId: idOrNull(raw.reminderId),
    late: raw.late === true,
    // Only a path in the app: a notification never opens another site.
    url: url.startsWith('/') && !url.startsWith('//') ? url : '/',
  };
}

/** A notification's options with its buttons (`actions` is missing from TypeScript's NotificationOptions). */
export interface ShownNotificationOptions extends NotificationOptions {
  actions: { action: string; title: string }[];
}

/**
 * The notification for a payload: tagged by its reminder (or task), so a repeat replaces it rather than
 * piling up; a reminder about a task offers Complete and Snooze 1 h.
 */
export function notificationFor(payload: NotificationPayload): { title: string; options: ShownNotificationOptions } {
  const tag = payload.reminderId ?? payload.taskId ?? undefined;
  const actions =
    payload.kind === 'reminder' && payload.taskId
      ? [
          { action: NOTIFICATION_ACTIONS.complete, title: 'Complete' },
          { action: NOTIFICATION_ACTIONS.snooze, title: 'Snooze 1 h' },
        ]
      : [];
  return { title: payload.title, options: { body: payload.body, tag, data: payload, actions, icon: '/pwa-192x192.png' } };
}

/** The api call a notification button makes, or null (a click on the notification itself opens the app). */
export function actionRequest(action: string, payload: NotificationPayload): { method: 'PATCH' | 'POST'; path: string; body: object } | null {
  if (!payload.taskId) return null;
  const task = `/api/tasks/${encodeURIComponent(payload.taskId)}`;
  if (action === NOTIFICATION_ACTIONS.complete) return { method: 'PATCH', path: `${task}/complete`, body: { isCompleted: true } };
  if (action === NOTIFICATION_ACTIONS.snooze) return { method: 'POST', path: `${task}/snooze`, body: { minutes: SNOOZE_MINUTES_DEFAULT } };
  return null;
}

/** What the notification says when its button's call failed (offline, signed out). */
export const actionFailedText = (action: string) =>
  action === NOTIFICATION_ACTIONS.complete ? 'Could not complete the task. Open Daybook to try again.' : 'Could not snooze the reminder. Open Daybook to try again.';
