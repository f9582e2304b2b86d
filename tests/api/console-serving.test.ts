import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startTestPlatform, type TestPlatform } from './support/platform';

let t: TestPlatform;
let app: Awaited<ReturnType<typeof buildApp>>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Console</title>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  t = await startTestPlatform();
  app = await buildApp(t.platform, { consoleDir: dir });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('serving the console', () => {
  it('answers deep links with index.html so the single-page app can route them', async () => {
    for (const url of ['/', '/orga/123', '/project/1/environment/2/analyses?x=1', '/v2/login']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect({ url, status: res.statusCode, body: res.body }).toEqual({
        url,
        status: 200,
        body: expect.stringContaining('<title>Console'),
      });
    }
  });

  it('serves built assets', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
  });

  it('answers unknown API paths with a JSON 404, never the page', async () => {
    for (const url of ['/v4/console/api/nothing', '/api/nothing']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const post = await app.inject({ method: 'POST', url: '/orga/1', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});

describe('the API reference', () => {
  it('is a browsable page at /v4/docs that loads only the platform’s own scripts', async () => {
    const bare = await app.inject({ method: 'GET', url: '/v4/docs' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/v4/docs/');
    const page = await app.inject({ method: 'GET', url: '/v4/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const sources = [...page.body.matchAll(/<script\b[^>]*\bsrc="([^"]*)"/g)].map(([, src]) => src);
    expect(sources.length).toBeGreaterThan(0);
    // Relative or on this origin: no CDN, the page works with no network beyond the platform.
    for (const src of sources)
      expect(new URL(src, 'http://platform.test/v4/docs/').origin).toBe('http://platform.test');
    expect(page.body).not.toMatch(/https?:\/\/[^"' ]*\.(js|css)\b/);
    // Its policy allows its own scripts and its inline start-up script by hash, nothing inline else.
    const policy = String(page.headers['content-security-policy']);
    const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src ')) ?? '';
    expect(scriptSrc).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/=]+'$/);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    for (const src of sources) {
      const script = await app.inject({
        method: 'GET',
        url: new URL(src, 'http://platform.test/v4/docs/').pathname,
      });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
      expect(script.body.length).toBeGreaterThan(100_000);
    }
  });

  it('publishes the OpenAPI document of the routes at /v4/docs/json', async () => {
    const res = await app.inject({ method: 'GET', url: '/v4/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/login_check',
        '/v4/console/api/user',
        '/users/password/forgotten/check/{resetToken}',
      ]),
    );
    expect(
      doc.paths['/api/login_check'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['username', 'password']);
  });
});
