import type { EntityManager } from '@mikro-orm/postgresql';
import type { SealedConfig } from '@daybook/ai-worker';
import { channelStatusOf, type Channel, type ChannelKind } from '@daybook/shared';
import { countForQuota } from '../../db/quota';
import { isoInstantSql } from '../../db/sql';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';

/**
 * What sending to a channel needs (secrets included). Same shape as the worker's ChannelConfig; kept in
 * `config` sealed (DECISIONS 48, `sealChannelConfig`), never answered.
 */
export type ChannelConfig =
  | { kind: 'ntfy'; server: string; topic: string; token?: string | undefined }
  | { kind: 'email'; address: string }
  | { kind: 'webhook'; url: string }
  | { kind: 'push'; endpoint: string; keys: { p256dh: string; auth: string } };

export interface NewChannel {
  kind: ChannelKind;
  name: string;
  target: string;
  config: SealedConfig;
}

/** A channel's config as stored before configs were sealed. */
export interface PlainConfigRow {
  id: string;
  userId: string;
  config: ChannelConfig;
}

export interface ChannelChanges {
  name?: string | undefined;
  reminders?: boolean | undefined;
  digest?: boolean | undefined;
  paused?: boolean | undefined;
}

type ChannelRow = Omit<Channel, 'status'> & { paused: boolean };

const CHANNEL = `ch.id, ch.kind, ch.name, ch.target, ch.reminders, ch.digest, ch.paused, ch.failures, ch.last_error as "lastError",
  ${isoInstantSql('ch.last_error_at')} as "lastErrorAt", ${isoInstantSql('ch.last_success_at')} as "lastSuccessAt", ${isoInstantSql('ch.created_at')} as "createdAt"`;

const answer = ({ paused, ...row }: ChannelRow): Channel => ({ ...row, status: channelStatusOf(row.failures, paused) });

/** The user's notification channels (DECISIONS 29); every statement scoped by the owner. */
export interface ChannelsRepository extends UnitOfWork {
  list(userId: string): Promise<Channel[]>;
  find(userId: string, id: string): Promise<Channel | null>;
  /** Inside a transaction: how many channels the user has, up to `upTo`, holding the count's lock. */
  count(userId: string, upTo: number): Promise<number>;
  insert(userId: string, channel: NewChannel): Promise<Channel>;
  /**
   * A browser's push subscription: its endpoint belongs to the user who subscribed it last (a shared
   * computer moves to whoever signs in and turns push on), with fresh keys and a clean record.
   */
  upsertPush(userId: string, endpoint: string, channel: NewChannel): Promise<Channel>;
  update(userId: string, id: string, changes: ChannelChanges): Promise<Channel | null>;
  remove(userId: string, id: string): Promise<boolean>;
  removeByEndpoint(userId: string, endpoint: string): Promise<boolean>;
  hasEndpoint(userId: string, endpoint: string): Promise<boolean>;
  /** Configs stored in plain text (before sealing), a batch at a time. */
  plainConfigs(limit: number): Promise<PlainConfigRow[]>;
  /** Replaces a plain config by its sealed form, unless the row changed meanwhile (another api sealed it). */
  sealConfig(row: PlainConfigRow, sealed: SealedConfig): Promise<void>;
}

export function createChannelsRepository(rootEm: EntityManager): ChannelsRepository {
  const { db, transaction } = dataAccess(rootEm);
  const one = async (sql: string, params: unknown[]) => {
    const [row] = await db().execute<ChannelRow[]>(sql, params);
    return row ? answer(row) : null;
  };

  return {
    transaction,
    list: async (userId) =>
      (await db().execute<ChannelRow[]>(`select ${CHANNEL} from notification_channels ch where ch.user_id = ? order by ch.created_at, ch.id`, [userId])).map(answer),
    find: (userId, id) => one(`select ${CHANNEL} from notification_channels ch where ch.user_id = ? and ch.id = ?`, [userId, id]),
    count: (userId, upTo) => countForQuota(db(), userId, 'channels', 'from notification_channels where user_id = ?', upTo),
    insert: async (userId, channel) =>
      (await one(
        `insert into notification_channels as ch (user_id, kind, name, target, config) values (?, ?, ?, ?, ?::jsonb) returning ${CHANNEL}`,
        [userId, channel.kind, channel.name, channel.target, JSON.stringify(channel.config)],
      ))!,
    upsertPush: async (userId, endpoint, channel) =>
      (await one(
        `insert into notification_channels as ch (user_id, kind, name, target, config, endpoint) values (?, 'push', ?, ?, ?::jsonb, ?)
         on conflict (endpoint) where endpoint is not null do update
           set user_id = excluded.user_id, name = excluded.name, target = excluded.target, config = excluded.config,
               paused = false, failures = 0, last_error = null, last_error_at = null
         returning ${CHANNEL}`,
        [userId, channel.name, channel.target, JSON.stringify(channel.config), endpoint],
      ))!,
    update(userId, id, changes) {
      const sets: string[] = [];
      const params: unknown[] = [];
      for (const [field, column] of [['name', 'name'], ['reminders', 'reminders'], ['digest', 'digest']] as const) {
        if (changes[field] === undefined) continue;
        sets.push(`${column} = ?`);
        params.push(changes[field]);
      }
      // Resuming starts the count of failures afresh; pausing keeps it.
      if (changes.paused !== undefined) sets.push(changes.paused ? 'paused = true' : 'paused = false, failures = 0');
      if (sets.length === 0) return this.find(userId, id);
      return one(`update notification_channels ch set ${sets.join(', ')} where ch.user_id = ? and ch.id = ? returning ${CHANNEL}`, [...params, userId, id]);
    },
    remove: async (userId, id) => (await db().execute<{ id: string }[]>('delete from notification_channels where user_id = ? and id = ? returning id', [userId, id])).length > 0,
    hasEndpoint: async (userId, endpoint) =>
      (await db().execute('select 1 from notification_channels where user_id = ? and endpoint = ?', [userId, endpoint])).length > 0,
    removeByEndpoint: async (userId, endpoint) =>
      (await db().execute<{ id: string }[]>('delete from notification_channels where user_id = ? and endpoint = ? returning id', [userId, endpoint])).length > 0,
    plainConfigs: (limit) =>
      db().execute<PlainConfigRow[]>(`select id, user_id as "userId", config from notification_channels where config->>'sealed' is null order by id limit ?`, [limit]),
    async sealConfig(row, sealed) {
      await db().execute('update notification_channels set config = ?::jsonb where id = ? and config = ?::jsonb', [JSON.stringify(sealed), row.id, JSON.stringify(row.config)]);
    },
  };
}
