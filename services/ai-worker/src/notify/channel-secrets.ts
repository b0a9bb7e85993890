import type { SecretBox } from '../secrets/secret-box';
import { ChannelSendError, type ChannelConfig } from './channels';

/**
 * How a channel's config (its address, token, password, push keys) is kept in
 * `notification_channels.config` (DECISIONS 48): `{ "sealed": "v1.…" }`, the whole config encrypted with
 * the installation's key and bound to its owner. The api seals; the worker opens. A config written before
 * it was sealed is plain JSON: it is still read, and the api seals it on its next start.
 */
export interface SealedConfig {
  sealed: string;
}

const contextOf = (userId: string) => `notification_channels.config:${userId}`;

export const isSealedConfig = (stored: unknown): stored is SealedConfig =>
  typeof stored === 'object' && stored !== null && typeof (stored as { sealed?: unknown }).sealed === 'string';

export function sealChannelConfig(box: SecretBox, userId: string, config: ChannelConfig): SealedConfig {
  return { sealed: box.seal(JSON.stringify(config), contextOf(userId)) };
}

/**
 * The config a sender needs. Fails with a ChannelSendError (worth another try: an admin can put the right
 * key back) when this process has no key, or not the one the config was sealed with.
 */
export function openChannelConfig(box: SecretBox | null, userId: string, stored: unknown): ChannelConfig {
  if (!isSealedConfig(stored)) return stored as ChannelConfig;
  if (!box) throw new ChannelSendError("This server cannot read its channels' secrets: its key is missing (SECRETS_KEY or DATA_DIR/secrets.key)", false);
  try {
    return JSON.parse(box.open(stored.sealed, contextOf(userId))) as ChannelConfig;
  } catch {
    throw new ChannelSendError("This server cannot read this channel's secrets: its key is not the one they were saved with (SECRETS_KEY or DATA_DIR/secrets.key)", false);
  }
}
