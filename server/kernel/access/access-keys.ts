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

export type KnownKey = {
  id: string;
  environment_id: string;
  last_used_at: Date | null;
};

/**
 * How long a process trusts a key it checked: a client polling its analyses makes several calls a
 * second, and each check is a statement (a large share of the public API's cost on PGlite). A key
 * revoked, or its environment's deletion requested, is refused at once by the process that did it
 * (forgetAccessKeys) and within this time by every other process.
 */
export const KEY_CACHE_MS = 2000;
const checked = new Map<string, { key: KnownKey; until: number }>();
/** Bounds the cache whatever the number of keys tried: beyond it, it starts again empty. */
const MAX_CACHED_KEYS = 10_000;

/** The key of `hash` from the cache, or from `lookUp` (then cached); unknown keys are never cached. */
export const checkedAccessKey = async (
  hash: string,
  lookUp: () => Promise<KnownKey | undefined>,
): Promise<KnownKey | undefined> => {
  const now = Date.now();
  const hit = checked.get(hash);
  if (hit && hit.until > now) return hit.key;
  const key = await lookUp();
  if (!key) {
    checked.delete(hash);
    return undefined;
  }
  if (checked.size >= MAX_CACHED_KEYS) checked.clear();
  checked.set(hash, { key, until: now + KEY_CACHE_MS });
  return key;
};

/** A key was revoked or an environment is being deleted: this process checks every key again. */
export const forgetAccessKeys = () => checked.clear();
