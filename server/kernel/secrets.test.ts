import { describe, expect, it } from 'vitest';
import { secretBox } from './secrets';

const OLD = 'the-key-before-the-rotation-0123456789';
const NEW = 'the-key-after-the-rotation-9876543210ab';

describe('secrets at rest (docs/security.md, "Secrets at rest")', () => {
  it('seals a value that opens again, differently each time, and never holds it in clear', () => {
    const box = secretBox({ current: NEW });
    const a = box.seal('my-client-secret');
    const b = box.seal('my-client-secret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('my-client-secret');
    expect(box.open(a)).toBe('my-client-secret');
    expect(box.isStale(a)).toBe(false);
  });

  it('opens what the previous key sealed after a rotation, and says it is to seal again', () => {
    const sealedBefore = secretBox({ current: OLD }).seal('refresh-token');
    const rotated = secretBox({ current: NEW, previous: OLD });
    expect(rotated.open(sealedBefore)).toBe('refresh-token');
    expect(rotated.isStale(sealedBefore)).toBe(true);
    expect(() => secretBox({ current: NEW }).open(sealedBefore)).toThrow(/SECRETS_KEY_PREVIOUS/);
  });

  it('refuses a tampered value, and refuses to seal without a key', () => {
    const box = secretBox({ current: NEW });
    const sealed = box.seal('password');
    const parts = sealed.split(':');
    parts[4] = Buffer.from('other').toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => secretBox({}).seal('x')).toThrow(expect.objectContaining({ code: 'SECRETS_KEY_MISSING' }));
  });
});
