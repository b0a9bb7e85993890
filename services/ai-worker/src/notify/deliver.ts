import { randomUUID } from 'node:crypto';
import { CHANNEL_PAUSE_AFTER, nextDigestAt, localDate, localTime, type ChannelTestResult, type DeliverReminderJobResult, type NotificationPayload } from '@daybook/shared';
import type { Logger } from '../log';
import type { OutboundDoor } from '../outbound';
import type { SecretBox } from '../secrets/secret-box';
import { openChannelConfig } from './channel-secrets';
import { ChannelSendError, sendToChannel, type SendContext, type SmtpSettings } from './channels';
import { digestMessage, reminderMessage, shareResponseMessage, testMessage } from './messages';
import type { ClaimedReminder, NotifyStore, StoredChannel } from './store';

/** How long a claim lasts: longer than one round of sends (each bounded by the send timeout), shorter than BullMQ's job lock. */
export const CLAIM_LEASE_MS = 25_000;
/** A reminder delivered more than this after its time is marked late (everything was down when it fell due). */
export const LATE_AFTER_MS = 2 * 60_000;
/** A digest this late is skipped (the next morning's follows): yesterday's day is over. */
export const DIGEST_STALE_MS = 6 * 60 * 60_000;
/**
 * A "Send test" waits at most this long for the channel (or NOTIFY_TIMEOUT_MS when shorter): the person
 * waits for its answer, and the api for the job, so a silent host is answered "Could not connect" in time.
 */
export const TEST_SEND_TIMEOUT_MS = 5_000;

/** Rounds of sends before a reminder no channel took is given up. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** The pause before the next round after a channel failed: 30 s, 1 min, 2 min, 4 min. */
export const retryDelayMs = (attempt: number) => 30_000 * 2 ** Math.max(0, attempt - 1);

export interface NotifySettings {
  /** Each send's time limit. */
  timeoutMs: number;
  smtp: SmtpSettings | null;
  vapidSubject: string;
  appUrl: string | null;
}

export interface NotifyDeps {
  store: NotifyStore;
  settings: NotifySettings;
  /** The one outbound door (DECISIONS 46): every channel's request goes through it. */
  outbound: OutboundDoor;
  /** The key channels' secrets are sealed with (DECISIONS 48); null while this process has none. */
  secrets: () => SecretBox | null;
  log: Logger;
  signal?: AbortSignal | undefined;
  now?: () => Date;
}

interface SendRound {
  delivered: number;
  /** The last transient failure's message, if any channel should be tried again. */
  retryError: string | null;
  permanentError: string | null;
}

async function sendContext(deps: NotifyDeps, channels: StoredChannel[], idempotencyKey: string): Promise<SendContext> {
  const vapid = channels.some((channel) => channel.kind === 'push') ? await deps.store.vapidKeys() : null;
  return {
    timeoutMs: deps.settings.timeoutMs,
    outbound: deps.outbound,
    signal: deps.signal,
    smtp: deps.settings.smtp,
    vapid: vapid ? { ...vapid, subject: deps.settings.vapidSubject } : null,
    appUrl: deps.settings.appUrl,
    idempotencyKey,
  };
}

/** Sends the message to every channel at once; each success is recorded as it happens, so a retry skips it. */
async function sendRound(deps: NotifyDeps, reminderId: string, channels: StoredChannel[], message: NotificationPayload): Promise<SendRound> {
  const context = await sendContext(deps, channels, reminderId);
  const round: SendRound = { delivered: 0, retryError: null, permanentError: null };
  await Promise.all(
    channels.map(async (channel) => {
      try {
        await sendToChannel(openChannelConfig(deps.secrets(), channel.userId, channel.config), message, context);
        await deps.store.delivered(reminderId, channel.id);
        round.delivered += 1;
      } catch (error) {
        const permanent = error instanceof ChannelSendError && error.permanent;
        const text = error instanceof Error ? error.message : String(error);
        deps.log.warn('notification not delivered', { channel: channel.id, kind: channel.kind, permanent, error: text });
        if (permanent && channel.kind === 'push') await deps.store.removeChannel(channel.id);
        else await deps.store.channelFailed(channel.id, text, permanent ? 1 : CHANNEL_PAUSE_AFTER);
        if (permanent) round.permanentError = text;
        else round.retryError = text;
      }
    }),
  );
  return round;
}

/** The message of a claimed reminder; null when there is nothing to send (the task is gone, or an empty digest the user skips). */
async function messageOf(deps: NotifyDeps, reminder: ClaimedReminder, now: Date, late: boolean): Promise<NotificationPayload | null> {
  if (reminder.source === 'digest') {
    const today = localDate(now, reminder.timezone);
    const facts = await deps.store.digestFacts(reminder.userId, today, localTime(now, reminder.timezone));
    const message = digestMessage(facts, reminder.id, late);
    if (message) return message;
    const { digestSkipEmpty } = await deps.store.settings(reminder.userId);
    return digestSkipEmpty ? null : { kind: 'digest', title: 'Your day: nothing due', body: 'Nothing due today and nothing overdue.', taskId: null, reminderId: reminder.id, late, url: '/' };
  }
  if (reminder.source === 'share') {
    const response = await deps.store.shareResponse(reminder.id);
    return response ? shareResponseMessage(response, reminder.id, late) : null;
  }
  const task = reminder.taskId ? await deps.store.task(reminder.userId, reminder.taskId) : null;
  if (!task || !reminder.taskId) return null;
  return reminderMessage(task, { id: reminder.id, taskId: reminder.taskId, fireAt: reminder.fireAt, late, snoozed: reminder.source === 'snooze' }, now, reminder.timezone);
}

/**
 * The deliver-reminder job (DECISIONS 29): claims the reminder, sends it to each of the user's channels
 * that has not had it, and records the outcome. Another worker, a second job for the same reminder or a
 * reminder the api moved or cancelled finds nothing to claim. A channel that fails transiently is tried
 * again on a later round (`retryDelayMs`), at most MAX_DELIVERY_ATTEMPTS rounds; the channels that took it
 * are never sent it again. A worker that dies mid-round leaves the claim to expire (CLAIM_LEASE_MS): the
 * job's retry, or the api's sweep, claims it again.
 */
export async function deliverReminder(reminderId: string, deps: NotifyDeps): Promise<DeliverReminderJobResult> {
  const now = deps.now ?? (() => new Date());
  const reminder = await deps.store.claim(reminderId, randomUUID(), CLAIM_LEASE_MS);
  if (!reminder) return { outcome: 'nothing' };
  const startedAt = now();
  const lateBy = startedAt.getTime() - reminder.fireAt.getTime();
  const late = lateBy > LATE_AFTER_MS;
  const digest = reminder.source === 'digest';

  let nextDigest: Date | null = null;
  if (digest) {
    const { digestHour } = await deps.store.settings(reminder.userId);
    if (digestHour !== null) nextDigest = nextDigestAt(new Date(Math.max(startedAt.getTime(), reminder.fireAt.getTime())), digestHour, reminder.timezone);
    if (lateBy > DIGEST_STALE_MS) {
      await deps.store.finish(reminder, { state: 'cancelled', late, error: 'Skipped: too late for that day' }, nextDigest);
      return { outcome: 'nothing' };
    }
  }

  const message = await messageOf(deps, reminder, startedAt, late);
  if (!message) {
    await deps.store.finish(reminder, { state: 'cancelled', late, error: digest ? 'Nothing to say' : 'The task is gone' }, nextDigest);
    return { outcome: 'nothing' };
  }
  const channels = await deps.store.undeliveredChannels(reminder.userId, reminder.id, digest);
  const round = await sendRound(deps, reminder.id, channels, message);

  if (round.retryError && reminder.attempts < MAX_DELIVERY_ATTEMPTS) {
    const retryAt = new Date(now().getTime() + retryDelayMs(reminder.attempts));
    await deps.store.finish(reminder, { state: 'pending', late, error: round.retryError, retryAt });
    return { outcome: 'retry' };
  }
  // Sent when some channel took it (on this round or an earlier one) or there was none to reach; failed
  // when every channel there was refused it.
  const failed = channels.length > 0 && round.delivered === 0 && (await deps.store.deliveryCount(reminder.id)) === 0;
  const error = round.retryError ?? round.permanentError;
  await deps.store.finish(reminder, { state: failed ? 'failed' : 'sent', late, error }, nextDigest);
  return { outcome: failed ? 'failed' : 'sent' };
}

/** "Send test": one test message to one of the user's channels, its outcome shown in the settings. */
export async function testChannel(userId: string, channelId: string, deps: NotifyDeps): Promise<ChannelTestResult> {
  const channel = await deps.store.channel(userId, channelId);
  if (!channel) return { delivered: false, error: 'This channel no longer exists' };
  try {
    const context = await sendContext(deps, [channel], `test-${randomUUID()}`);
    const config = openChannelConfig(deps.secrets(), channel.userId, channel.config);
    await sendToChannel(config, testMessage(), { ...context, timeoutMs: Math.min(context.timeoutMs, TEST_SEND_TIMEOUT_MS) });
    await deps.store.channelTested(channel.id, null);
    return { delivered: true, error: null };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    await deps.store.channelTested(channel.id, text);
    return { delivered: false, error: text };
  }
}
