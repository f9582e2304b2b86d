import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, publicUrl: 'http://localhost:8080', tokenTtlSeconds: 8 * 3600 });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('reads durations with units and overrides', () => {
    const c = loadConfig({ PORT: '9000', TOKEN_TTL: '15m', PASSWORD_MAX_AGE: '30d', DATA_DIR: '/tmp/x' });
    expect(c).toMatchObject({
      port: 9000,
      tokenTtlSeconds: 900,
      passwordMaxAgeSeconds: 30 * 86_400,
      dataDir: '/tmp/x',
    });
  });

  it('names every variable at fault', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', TOKEN_TTL: 'soon', JWT_SECRET: 'short' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'TOKEN_TTL', 'JWT_SECRET'])
        expect(problems).toContain(name);
    }
  });

  it('takes a socket-style DATABASE_URL as pg reads it', () => {
    for (const url of [
      'postgres://console@/console?host=/var/run/postgresql',
      'postgresql:///console?host=/var/run/postgresql',
      'postgres://console:secret@db.internal:5432/console',
    ])
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it('refuses a malformed URL with a message naming the variable, not a stack trace', () => {
    for (const [name, value] of [
      ['DATABASE_URL', 'not a url'],
      ['DATABASE_URL', 'postgres//missing-colon'],
      ['DATABASE_URL', 'postgres://u@[::1/db'],
      ['PUBLIC_URL', 'console.example.com'],
      ['SMTP_URL', 'relay.example.com:25'],
    ]) {
      let thrown: unknown;
      try {
        loadConfig({ [name]: value });
      } catch (err) {
        thrown = err;
      }
      expect(thrown, `${name}=${value}`).toBeInstanceOf(ConfigError);
      expect((thrown as ConfigError).problems).toEqual([
        expect.stringMatching(new RegExp(`^${name}: expected`)),
      ]);
    }
  });

  it('refuses a seed password without the seed email', () => {
    expect(() => loadConfig({ SEED_ADMIN_PASSWORD: 'Something-Long-1' })).toThrow(/SEED_ADMIN_EMAIL/);
  });
});
