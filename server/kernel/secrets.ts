import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { ClientError } from './http/errors';

/**
 * Secrets at rest (DESIGN.md §9, docs/security.md "Secrets at rest"): a connector's client secret,
 * password or refresh token is sealed with AES-256-GCM under a key from the deployment
 * (`SECRETS_KEY`) before it reaches the database, and opened only where it is used (a worker
 * fetching mail). A sealed value names its key by a short fingerprint, so that after a rotation
 * (`SECRETS_KEY` new, `SECRETS_KEY_PREVIOUS` old) values sealed under either key open, and the
 * worker seals them again under the new one (`resealed`).
 */
export interface SecretBox {
  /** Whether values can be sealed: a key is configured, or one is generated outside production. */
  readonly sealing: boolean;
  seal(plain: string): string;
  open(sealed: string): string;
  /** Whether a sealed value is under an older key (to seal again). */
  isStale(sealed: string): boolean;
}

const VERSION = 'v1';

/** The 32-byte key of a configured value: its SHA-256 (any long random string is a good key). */
const keyOf = (material: string) => createHash('sha256').update(material, 'utf8').digest();
const fingerprintOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

export const SECRETS_KEY_MISSING = () =>
  new ClientError(
    503,
    'SECRETS_KEY_MISSING',
    'This deployment has no SECRETS_KEY: secrets cannot be stored (docs/security.md, "Secrets at rest")',
  );

/**
 * The box of a deployment: `current` seals and opens, `previous` only opens. Without a key, a box
 * that refuses to seal (production) — its `seal` throws SECRETS_KEY_MISSING, which the API answers
 * as a 503 naming the variable.
 *
 * @example
 * const box = secretBox({ current: process.env.SECRETS_KEY });
 * const sealed = box.seal('client-secret'); // 'v1:1a2b3c4d:…'
 * box.open(sealed); // 'client-secret'
 */
export const secretBox = (keys: { current?: string; previous?: string }): SecretBox => {
  const current = keys.current ? keyOf(keys.current) : undefined;
  const byFingerprint = new Map<string, Buffer>();
  for (const k of [current, keys.previous ? keyOf(keys.previous) : undefined])
    if (k) byFingerprint.set(fingerprintOf(k), k);
  const currentFingerprint = current ? fingerprintOf(current) : '';
  return {
    sealing: current !== undefined,
    seal: (plain) => {
      if (!current) throw SECRETS_KEY_MISSING();
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, currentFingerprint, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join(':');
    },
    open: (sealed) => {
      const [version, fingerprint, iv, tag, body] = sealed.split(':');
      const key = byFingerprint.get(fingerprint);
      if (version !== VERSION || !key) {
        throw new Error(
          `a secret sealed under key ${fingerprint} cannot be opened: set SECRETS_KEY (or SECRETS_KEY_PREVIOUS) to that key`,
        );
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    isStale: (sealed) => sealed.split(':')[1] !== currentFingerprint,
  };
};
