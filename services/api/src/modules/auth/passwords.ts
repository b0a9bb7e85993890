import { hash, verify } from '@node-rs/argon2';

/** argon2id (DECISIONS 5; the library's default algorithm) at the OWASP-recommended cost: 19 MiB, 2 passes. */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the username does not exist, so both cases take as long. */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => (decoyHash ??= hashPassword('decoy-password-for-timing'));
