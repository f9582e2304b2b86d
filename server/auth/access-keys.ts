import { createHash, randomBytes } from 'node:crypto';

/** What every access key starts with, so that a leaked one is recognisable (secret scanners). */
export const ACCESS_KEY_PREFIX = 'ak_';
/** Characters of a key shown in lists: the marker and a few random ones. */
const SHOWN = 10;

/**
 * A key's secret is 256 random bits: a plain SHA-256 is enough to store it (no guessing a random
 * secret from its hash), and fast enough to check on every public API call, unlike a password hash.
 */
export const hashAccessKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const newAccessKey = () => {
  const secret = `${ACCESS_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, SHOWN), hash: hashAccessKey(secret) };
};
