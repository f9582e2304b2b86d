import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { postAnalysisForm, waitForAnalysis } from './support/analyses';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';

/**
 * docs/security.md, "What the browser is told": authentication before a large body is read,
 * `Authorization` schemes in any case, `nosniff` on every answer, downloads that a browser can only
 * save, and the console page's Content-Security-Policy.
 */
let t: TestPlatform;
let acme: Tenants;
let key: string;
let withConsole: FastifyInstance;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Console</title>');
  fs.writeFileSync(path.join(dist, 'other.html'), '<!doctype html><title>Other</title>');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await startTestPlatform();
  acme = await buildTenants(t);
  withConsole = await buildApp(t.platform, { consoleDir: dist });
  key = (
    await acme.call('POST', `${API}/environments/${acme.ids.env}/access-keys`, 'configurator', { name: 'k' })
  ).json().secret;
});
afterAll(async () => {
  await withConsole.close();
  await t.close();
});

const analyses = () => `${API}/environments/${acme.ids.env}/analyses`;

describe('authentication before the body', () => {
  // 2 MB that is not JSON: parsed first, it would be a 400; authenticated first, a 401.
  const notJson = `{"text":"${'x'.repeat(2_000_000)}`;

  it('refuses an unauthenticated large body with 401 without parsing it', async () => {
    for (const url of ['/v4/api/analyses', analyses(), `${API}/projects`]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: notJson,
      });
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({
        url,
        status: 401,
        code: 'UNAUTHENTICATED',
      });
    }
    const wrongKey = await t.app.inject({
      method: 'POST',
      url: '/v4/api/analyses',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ak_not-a-key' },
      payload: notJson,
    });
    expect(wrongKey.statusCode).toBe(401);
  });

  it('answers 401 without waiting for a body that never ends', async () => {
    const endless = new Readable({ read() {} });
    endless.push('{"text":"');
    const answer = t.app.inject({
      method: 'POST',
      url: '/v4/api/analyses',
      headers: { 'content-type': 'application/json', 'content-length': '20000000' },
      payload: endless,
    });
    const res = await Promise.race([
      answer,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5_000)),
    ]);
    endless.destroy();
    expect(res?.statusCode).toBe(401);
  });
});

describe('the Authorization scheme', () => {
  it('is case-insensitive for access keys and session tokens (RFC 7235)', async () => {
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v4/api/environment',
        headers: { authorization: `${scheme} ${key}` },
      });
      expect({ scheme, status: res.statusCode }).toEqual({ scheme, status: 200 });
    }
    const token = acme.auth.admin.replace(/^Bearer /, '');
    for (const scheme of ['bearer', 'BEARER']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/user`,
        headers: { authorization: `${scheme} ${token}` },
      });
      expect({ scheme, status: res.statusCode }).toEqual({ scheme, status: 200 });
    }
  });
});

describe('nosniff and downloads', () => {
  it('sends nosniff on every API answer, errors included', async () => {
    for (const [url, auth] of [
      ['/healthz', undefined],
      [`${API}/nothing-here`, undefined],
      [`${API}/user`, undefined],
      [`${API}/user`, acme.auth.admin],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: auth ? { authorization: auth } : {},
      });
      expect({ url, nosniff: res.headers['x-content-type-options'] }).toEqual({ url, nosniff: 'nosniff' });
    }
  });

  const upload = async (filename: string, type: string, bytes: Uint8Array) => {
    const res = await postAnalysisForm(t.app, analyses(), acme.auth.qualifier, { type: 'file' }, [
      { field: 'file', filename, bytes, type },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const original = (id: string) =>
    acme.call('GET', `${analyses()}/${id}/original`, 'qualifier', undefined, {});

  it("downloads an uploaded HTML file as bytes to save, never with the uploader's type", async () => {
    const html = new TextEncoder().encode(
      '<html><body><script>alert(document.cookie)</script></body></html>',
    );
    const id = await upload('page.html', 'text/html', html);
    const res = await original(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="page.html"/);
    expect(res.rawPayload.equals(Buffer.from(html))).toBe(true);
  });

  it('keeps a type of the safe list, and sends text as plain text with its charset', async () => {
    const pdf = await upload('doc.pdf', 'application/pdf', new TextEncoder().encode('%PDF-1.4\n%%EOF\n'));
    expect((await original(pdf)).headers['content-type']).toBe('application/pdf');
    const sneaky = await upload('image.png', 'image/svg+xml', new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    expect((await original(sneaky)).headers['content-type']).toBe('application/octet-stream');
    const text = (
      await acme.call('POST', analyses(), 'qualifier', { type: 'text', text: '<b>Bonjour</b>' })
    ).json().id as string;
    const res = await original(text);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('downloads a result as a JSON attachment with nosniff', async () => {
    const id = (await acme.call('POST', analyses(), 'qualifier', { type: 'text', text: 'Bonjour' })).json()
      .id as string;
    await waitForAnalysis(async () =>
      (await acme.call('GET', `${analyses()}/${id}/result`, 'qualifier')).json(),
    );
    const res = await acme.call('GET', `${analyses()}/${id}/result/download`, 'qualifier');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
  });
});

describe('Referrer-Policy and Cache-Control', () => {
  it('sends no-referrer on every answer, the API, the console page and its assets alike', async () => {
    for (const url of [
      '/healthz',
      `${API}/user`,
      '/v4/api/environment',
      '/',
      '/index.html',
      '/assets/index-abc123.js',
    ]) {
      const res = await withConsole.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect({ url, policy: res.headers['referrer-policy'] }).toEqual({ url, policy: 'no-referrer' });
    }
  });

  it('forbids storing API answers, errors and downloads included, but lets the assets be cached', async () => {
    const id = (await acme.call('POST', analyses(), 'qualifier', { type: 'text', text: 'Bonjour' })).json()
      .id as string;
    for (const [url, auth] of [
      ['/healthz', undefined],
      [`${API}/user`, undefined],
      [`${API}/user`, acme.auth.admin],
      ['/v4/api/environment', `Bearer ${key}`],
      [`${analyses()}/${id}/original`, acme.auth.qualifier],
      ['/users/password/forgotten/check/nope', undefined],
      ['/api/nothing', undefined],
    ] as const) {
      const res = await withConsole.inject({
        method: 'GET',
        url,
        headers: auth ? { authorization: auth } : {},
      });
      expect({ url, cache: res.headers['cache-control'] }).toEqual({ url, cache: 'no-store' });
    }
    const asset = await withConsole.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/max-age=[1-9]/);
  });
});

describe("the console's page", () => {
  it('carries a Content-Security-Policy that forbids framing, plus X-Frame-Options', async () => {
    // The deep links' fallback, the page by its name, and any other page of dist/.
    for (const url of ['/', '/orga/123/settings', '/index.html', '/other.html']) {
      const res = await withConsole.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      const csp = String(res.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "object-src 'none'",
      ])
        expect(csp).toContain(directive);
      // Scripts from the console's own origin only: no inline script, no other host, and no code
      // made from strings (docs/decisions/security-console-csp.md).
      expect(csp.split('; ').find((d) => d.startsWith('script-src'))).toBe("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect({ url, frame: res.headers['x-frame-options'] }).toEqual({ url, frame: 'DENY' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});
