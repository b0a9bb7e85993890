import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isSealed, openSecretBox, secretBox, SECRETS_KEY_FILE, SecretUnreadable } from './secret-box';

/** Secrets at rest (DECISIONS 48): AES-256-GCM with a key outside the database. */

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'daybook-secrets-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('secretBox', () => {
  const box = secretBox('a-test-key-of-at-least-32-characters!');

  it('opens what it sealed, in its place only; the same text seals differently each time', () => {
    const sealed = box.seal('tk_secret', 'owner-1');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('tk_secret');
    expect(box.open(sealed, 'owner-1')).toBe('tk_secret');
    expect(box.seal('tk_secret', 'owner-1')).not.toBe(sealed);
    expect(() => box.open(sealed, 'owner-2')).toThrow(SecretUnreadable);
  });

  it('refuses a value sealed with another key, or changed', () => {
    const sealed = box.seal('tk_secret', 'owner-1');
    expect(() => secretBox('another-key-of-at-least-32-characters').open(sealed, 'owner-1')).toThrow(SecretUnreadable);
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(() => box.open(flipped, 'owner-1')).toThrow(SecretUnreadable);
    expect(() => box.open('tk_secret', 'owner-1')).toThrow(SecretUnreadable);
  });
});

describe('openSecretBox', () => {
  it('makes DATA_DIR/secrets.key once, readable by its owner only, and uses it from then on', () => {
    const dataDir = path.join(tempDir(), 'data');
    const first = openSecretBox({ DATA_DIR: dataDir }, { create: true })!;
    const file = path.join(dataDir, SECRETS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // DATA_DIR itself stays enterable: the embedded PostgreSQL, run by root as the postgres user, lives in it too.
    expect(statSync(dataDir).mode & 0o005).toBe(0o005);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sealed = first.seal('webhook', 'u');
    expect(openSecretBox({ DATA_DIR: dataDir }, { create: true })!.open(sealed, 'u')).toBe('webhook');
    // the worker reads the same file
    expect(openSecretBox({ DATA_DIR: dataDir }, { create: false })!.open(sealed, 'u')).toBe('webhook');
  });

  it('without a key, makes none for a reader (the worker), which finds none', () => {
    expect(openSecretBox({ DATA_DIR: tempDir() }, { create: false })).toBeNull();
  });

  it('prefers SECRETS_KEY over the file', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, SECRETS_KEY_FILE), 'file-key-file-key-file-key-file-key\n');
    const fromEnv = openSecretBox({ DATA_DIR: dataDir, SECRETS_KEY: 'env-key-env-key-env-key-env-key-env-key' }, { create: true })!;
    const sealed = fromEnv.seal('x', 'u');
    expect(secretBox('env-key-env-key-env-key-env-key-env-key').open(sealed, 'u')).toBe('x');
    expect(() => secretBox('file-key-file-key-file-key-file-key').open(sealed, 'u')).toThrow(SecretUnreadable);
  });
});
