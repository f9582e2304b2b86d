import { describe, expect, it } from 'vitest';
import { changesOf } from './audit';

describe('changesOf', () => {
  it('keeps changed fields only, ignoring ids and server timestamps', () => {
    expect(
      changesOf(
        { id: 'a', name: 'Old', notes: '', updatedAt: '1', tags: ['x'] },
        { id: 'a', name: 'New', notes: '', updatedAt: '2', tags: ['x', 'y'] },
      ),
    ).toEqual({ name: { before: 'Old', after: 'New' }, tags: { before: ['x'], after: ['x', 'y'] } });
  });

  it('never records a password, secret or token, only that it changed', () => {
    expect(changesOf({ password: 'old-secret' }, { password: 'new-secret', apiToken: 't' })).toEqual({
      password: { redacted: true },
      apiToken: { redacted: true },
    });
    expect(JSON.stringify(changesOf(undefined, { clientSecret: 's3cr3t' }))).not.toContain('s3cr3t');
  });

  it('has no before on create and no after on delete', () => {
    expect(changesOf(undefined, { name: 'A' })).toEqual({ name: { after: 'A' } });
    expect(changesOf({ name: 'A' }, undefined)).toEqual({ name: { before: 'A' } });
  });
});
