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

  it('refuses a seed password without the seed email', () => {
    expect(() => loadConfig({ SEED_ADMIN_PASSWORD: 'Something-Long-1' })).toThrow(/SEED_ADMIN_EMAIL/);
  });
});
