import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  nextDigestAt,
  QUOTAS,
  TEST_CHANNEL_JOB,
  type Channel,
  type ChannelCreateBody,
  type ChannelTestResult,
  type ChannelUpdateBody,
  type NotificationSettings,
  type PushSubscriptionBody,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { notFound, serviceUnavailable } from '../../core/errors';
import { assertBelowQuota } from '../../db/quota';
import { JobError, type JobRunner } from '../../jobs/job-runner';
import { createChannelsRepository, type NewChannel } from './channels.repository';
import { createRemindersRepository } from './reminders.repository';
import { ensureVapidKeys } from './vapid';

const hostOf = (url: string) => new URL(url).host;

/** A new channel from its create body: what sending needs, and what the settings may show. */
function newChannel(body: ChannelCreateBody): NewChannel {
  switch (body.kind) {
    case 'ntfy':
      return { kind: 'ntfy', name: body.name ?? `ntfy ${body.topic}`, target: `${hostOf(body.server)}/${body.topic}`, config: { kind: 'ntfy', server: body.server, topic: body.topic, token: body.token } };
    case 'email':
      return { kind: 'email', name: body.name ?? 'Email', target: body.address, config: { kind: 'email', address: body.address } };
    case 'webhook':
      // The address may hold a key (Apprise, Slack, Discord): only its host is shown.
      return { kind: 'webhook', name: body.name ?? 'Webhook', target: hostOf(body.url), config: { kind: 'webhook', url: body.url } };
  }
}

/**
 * Notifications (DECISIONS 29): the user's settings (default reminders, the morning digest), channels and
 * push subscriptions, and the server's public push key. "Send test" goes through the job transport, like
 * every delivery, and waits for its answer.
 */
export function createNotificationsService(orm: MikroORM, em: EntityManager, jobs: JobRunner | null, clock: () => Date) {
  const channels = createChannelsRepository(em);
  const reminders = createRemindersRepository(em);
  let vapidPublicKey: Promise<string> | undefined;

  const found = (channel: Channel | null): Channel => {
    if (!channel) throw notFound('Channel');
    return channel;
  };

  return {
    settings: (actor: Actor) => reminders.settings(actor.id),

    /** Saves the settings; the waiting digest moves to the new hour (or goes). */
    saveSettings(actor: Actor, settings: NotificationSettings): Promise<NotificationSettings> {
      return reminders.transaction(async () => {
        await reminders.saveSettings(actor.id, settings);
        await reminders.replaceDigest(actor.id, settings.digestHour === null ? null : nextDigestAt(clock(), settings.digestHour, actor.timezone));
        return settings;
      });
    },

    /** After a change of timezone: the waiting digest moves to the chosen hour in the new zone. */
    async rescheduleDigest(actor: Actor): Promise<void> {
      const { digestHour } = await reminders.settings(actor.id);
      if (digestHour !== null) await reminders.replaceDigest(actor.id, nextDigestAt(clock(), digestHour, actor.timezone));
    },

    listChannels: (actor: Actor) => channels.list(actor.id),

    createChannel(actor: Actor, body: ChannelCreateBody): Promise<Channel> {
      return channels.transaction(async () => {
        assertBelowQuota('channels', await channels.count(actor.id, QUOTAS.channels));
        return channels.insert(actor.id, newChannel(body));
      });
    },

    updateChannel: async (actor: Actor, id: string, body: ChannelUpdateBody) => found(await channels.update(actor.id, id, body)),

    async removeChannel(actor: Actor, id: string): Promise<void> {
      if (!(await channels.remove(actor.id, id))) throw notFound('Channel');
    },

    async testChannel(actor: Actor, id: string): Promise<ChannelTestResult> {
      found(await channels.find(actor.id, id));
      if (!jobs) throw serviceUnavailable('Notifications cannot be sent right now. Please try again later.');
      try {
        return await jobs.run(TEST_CHANNEL_JOB, { userId: actor.id, channelId: id });
      } catch (error) {
        if (error instanceof JobError) throw serviceUnavailable('Notifications cannot be sent right now. Please try again later.');
        throw error;
      }
    },

    /** This browser's push subscription becomes one of the user's channels (a second subscribe refreshes it). */
    subscribePush(actor: Actor, body: PushSubscriptionBody): Promise<Channel> {
      return channels.transaction(async () => {
        // A refreshed subscription of a browser the user already has adds no channel.
        if (!(await channels.hasEndpoint(actor.id, body.endpoint))) assertBelowQuota('channels', await channels.count(actor.id, QUOTAS.channels));
        return channels.upsertPush(actor.id, {
          kind: 'push',
          name: body.name ?? 'This browser',
          target: hostOf(body.endpoint),
          config: { kind: 'push', endpoint: body.endpoint, keys: body.keys },
        });
      });
    },

    async unsubscribePush(actor: Actor, endpoint: string): Promise<void> {
      await channels.removeByEndpoint(actor.id, endpoint);
    },

    /** The VAPID public key browsers subscribe with (made on the first start). */
    pushPublicKey(): Promise<string> {
      vapidPublicKey ??= ensureVapidKeys(orm).then((keys) => keys.publicKey);
      return vapidPublicKey;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
