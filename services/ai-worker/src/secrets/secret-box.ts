import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets the server must use again (channel tokens and passwords, DECISIONS 48) are kept encrypted with a
 * key that is not in the database: a dump or a backup of the database alone does not reveal them.
 * AES-256-GCM (node:crypto): a fresh 96-bit nonce per value, and the value's place (`context`, such as the
 * owner's id) authenticated with it, so a sealed value copied to another row does not open there. The api
 * seals and opens with this same box (imported from @daybook/ai-worker): each opens what the other sealed.
 *
 * The key is SECRETS_KEY when set, else the file DATA_DIR/secrets.key, made by the api on its first start;
 * the api and the worker must read the same one.
 */

export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** Throws SecretUnreadable when the value was sealed with another key or context, or changed. */
  open(sealed: string, context: string): string;
}

export class SecretUnreadable extends Error {
  override name = 'SecretUnreadable';
}

export const SECRETS_KEY_FILE = 'secrets.key';
const VERSION = 'v1';
const NONCE_BYTES = 12;

/** A sealed value: `v1.<key id>.<nonce>.<ciphertext>.<tag>` (base64url). */
export const isSealed = (value: unknown): value is string => typeof value === 'string' && /^v1\.[\w-]+\.[\w-]+\.[\w-]*\.[\w-]+$/.test(value);

/**
 * A box for `keyText` (SECRETS_KEY, or the key file's text): the AES-256 key is derived from it with
 * HKDF-SHA256. A sealed value names its key (the first bytes of a hash of it), so a value sealed with
 * another key is told apart from a damaged one.
 */
export function secretBox(keyText: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', keyText, 'daybook', 'secret-box v1', 32));
  const keyId = createHash('sha256').update(key).digest('base64url').slice(0, 8);
  return {
    seal(plaintext, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, keyId, nonce.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, sealedKeyId, nonce, body, tag] = sealed.split('.');
      if (version !== VERSION || nonce === undefined || body === undefined || tag === undefined) throw new SecretUnreadable('Not a sealed value');
      if (sealedKeyId !== keyId) throw new SecretUnreadable('Sealed with another key');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretUnreadable('Changed, or sealed for another place');
      }
    },
  };
}

export interface SecretsKeySource {
  SECRETS_KEY?: string | undefined;
  DATA_DIR: string;
}

/**
 * The box of this installation. `create` (the api, at start): makes DATA_DIR/secrets.key when there is
 * neither SECRETS_KEY nor the file; two processes starting together agree on the first file written (it
 * appears whole, by a hard link, or not at all). Without `create` (the worker): null while there is no key.
 */
export function openSecretBox(source: SecretsKeySource, options: { create: true }): SecretBox;
export function openSecretBox(source: SecretsKeySource, options: { create: false }): SecretBox | null;
export function openSecretBox(source: SecretsKeySource, { create }: { create: boolean }): SecretBox | null {
  if (source.SECRETS_KEY) return secretBox(source.SECRETS_KEY);
  const file = path.resolve(source.DATA_DIR, SECRETS_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) return secretBox(existing);
  if (!create) return null;
  // The folder keeps its usual mode: the embedded PostgreSQL (as root, the postgres user) must enter DATA_DIR too.
  mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return secretBox(readKeyFile(file)!);
}

function readKeyFile(file: string): string | null {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return text === '' ? null : text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
