import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { OutboundError, sealChannelConfig, type OutboundDoor, type SecretBox } from '@daybook/ai-worker';
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
import { badRequest, notFound, serviceUnavailable } from '../../core/errors';
import { assertBelowQuota } from '../../db/quota';
import { JobError, type JobRunner } from '../../jobs/job-runner';
import { createChannelsRepository, type ChannelConfig, type ChannelsRepository } from './channels.repository';
import { createRemindersRepository } from './reminders.repository';
import { ensureVapidKeys } from './vapid';

const hostOf = (url: string) => new URL(url).host;

interface ChannelDraft {
  kind: ChannelConfig['kind'];
  name: string;
  target: string;
  config: ChannelConfig;
}

/** A new channel from its create body: what sending needs, and what the settings may show. */
function newChannel(body: ChannelCreateBody): ChannelDraft {
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

/** The address a channel's sends go to, when it is one the user typed (email goes to the admin's SMTP server). */
function userAddressOf(config: ChannelConfig): { url: string; what: string } | null {
  switch (config.kind) {
    case 'ntfy':
      return { url: config.server, what: 'The ntfy server' };
    case 'webhook':
      return { url: config.url, what: 'The webhook' };
    case 'push':
      return { url: config.endpoint, what: "The browser's push address" };
    case 'email':
      return null;
  }
}

/**
 * Plain-text channel configs (from before they were sealed) sealed with the installation's key: the api
 * runs this at every start; it finds nothing once they are all sealed. Returns how many it sealed.
 */
export async function sealPlainChannelConfigs(repository: ChannelsRepository, secrets: SecretBox): Promise<number> {
  let sealed = 0;
  for (;;) {
    const rows = await repository.plainConfigs(500);
    for (const row of rows) await repository.sealConfig(row, sealChannelConfig(secrets, row.userId, row.config));
    sealed += rows.length;
    if (rows.length < 500) return sealed;
  }
}

export interface NotificationsDeps {
  /** Checks the addresses users give their channels (DECISIONS 46). */
  outbound: OutboundDoor;
  /** Seals channels' secrets (DECISIONS 48). */
  secrets: SecretBox;
}

/**
 * Notifications (DECISIONS 29): the user's settings (default reminders, the morning digest), channels and
 * push subscriptions, and the server's public push key. "Send test" goes through the job transport, like
 * every delivery, and waits for its answer. A channel's address is checked by the outbound door when it is
 * saved (the worker's door checks it again at every send), and its config is stored sealed.
 */
export function createNotificationsService(orm: MikroORM, em: EntityManager, jobs: JobRunner | null, clock: () => Date, { outbound, secrets }: NotificationsDeps) {
  const channels = createChannelsRepository(em);
  const reminders = createRemindersRepository(em);
  let vapidPublicKey: Promise<string> | undefined;

  const found = (channel: Channel | null): Channel => {
    if (!channel) throw notFound('Channel');
    return channel;
  };

  /** 400 for an address the server will not send to: a local or private one, written as such or resolving there now. */
  async function assertReachable(config: ChannelConfig): Promise<void> {
    const address = userAddressOf(config);
    if (!address) return;
    try {
      await outbound.checkAddress(address.url);
    } catch (error) {
      if (error instanceof OutboundError) throw badRequest(`${address.what}: ${error.message}`, 'validation_error');
      throw error;
    }
  }

  const sealed = (userId: string, draft: ChannelDraft) => ({ ...draft, config: sealChannelConfig(secrets, userId, draft.config) });

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

    async createChannel(actor: Actor, body: ChannelCreateBody): Promise<Channel> {
      const draft = newChannel(body);
      // Before the transaction: the address's DNS may take a moment.
      await assertReachable(draft.config);
      return channels.transaction(async () => {
        assertBelowQuota('channels', await channels.count(actor.id, QUOTAS.channels));
        return channels.insert(actor.id, sealed(actor.id, draft));
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
    async subscribePush(actor: Actor, body: PushSubscriptionBody): Promise<Channel> {
      const draft: ChannelDraft = { kind: 'push', name: body.name ?? 'This browser', target: hostOf(body.endpoint), config: { kind: 'push', endpoint: body.endpoint, keys: body.keys } };
      await assertReachable(draft.config);
      return channels.transaction(async () => {
        // A refreshed subscription of a browser the user already has adds no channel.
        if (!(await channels.hasEndpoint(actor.id, body.endpoint))) assertBelowQuota('channels', await channels.count(actor.id, QUOTAS.channels));
        return channels.upsertPush(actor.id, body.endpoint, sealed(actor.id, draft));
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
