import { createHash } from 'node:crypto';

/**
 * How a secret the server only compares is stored (DECISIONS 48): its SHA-256. The secrets it is used for
 * (API tokens, share tokens, calendar feed secrets, email confirmation links, recovery codes) are 80 or
 * more random bits, so guessing is hopeless and a plain hash is the right one (no slow KDF needed); a
 * leaked database hands out no working address.
 */
export const secretHash = (secret: string): Buffer => createHash('sha256').update(secret, 'utf8').digest();
