import type { MikroORM } from '@mikro-orm/postgresql';
import { generateVapidKeys } from '@daybook/ai-worker';

export const VAPID_SETTING = 'vapid_keys';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's Web Push keys (VAPID), made on the first start and kept in app_settings: browsers bind
 * their subscriptions to the public key, so it must never change by itself. Replicas starting together
 * agree on the first one written.
 */
export async function ensureVapidKeys(orm: MikroORM): Promise<VapidKeys> {
  const connection = orm.em.getConnection();
  await connection.execute('insert into app_settings (key, value) values (?, ?) on conflict (key) do nothing', [VAPID_SETTING, JSON.stringify(generateVapidKeys())]);
  const [row] = await connection.execute<{ value: string }[]>('select value from app_settings where key = ?', [VAPID_SETTING]);
  return JSON.parse(row!.value) as VapidKeys;
}
