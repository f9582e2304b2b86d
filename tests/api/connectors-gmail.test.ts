import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UseCaseTemplate } from '../../schemas/contracts/configuration';
import type { GmailConnector } from '../../schemas/contracts/connectors';
import { startGoogleStandin } from '../support/google-standin';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { analysesOf, mailEnvironment, waitUntil } from './support/connectors';
import { API, buildTenants, type Tenants } from './support/tenants';

// The Gmail connector against a local stand-in speaking Google's documented protocols (DESIGN.md
// §7): OAuth authorization code with PKCE and state, refresh tokens, messages.list then history
// ids, labels and drafts, 429 with Retry-After, a revoked grant (spec pipeline §8 "reauthorize").

type Standin = Awaited<ReturnType<typeof startGoogleStandin>>;
let google: Standin;
let t: TestPlatform;
let acme: Tenants;
let env: string;
let sample: UseCaseTemplate['samples'][number];
const PUBLIC_URL = 'http://console.test';
const CALLBACK = `${PUBLIC_URL}/integrations/gmail/callback`;

const url = (path = '') => `${API}/environments/${env}/connectors${path}`;

const analyses = () => analysesOf(acme, env);

const createGmail = async (user: string, more: Record<string, unknown> = {}) => {
  const res = await acme.call('POST', url(), 'configurator', {
    name: `Gmail ${user}`,
    appType: 'gmail',
    settings: {
      customCredentials: false,
      clientId: null,
      redirectUri: null,
      user,
      startDate: null,
      blacklist: [],
      postProcessors: ['LABEL', 'DRAFT'],
      expectConsolidation: false,
      ...more,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as GmailConnector;
};

/** Plays the user: the consent page opened, Google's redirect to the callback page, which posts what it got. */
const grant = async (id: string, account: string, consent = true) => {
  const authorized = await acme.call('POST', url(`/${id}/authorize`), 'configurator');
  expect(authorized.statusCode, authorized.body).toBe(200);
  const landing = new URL(google.authorize(authorized.json().url, { account, consent }));
  expect(`${landing.origin}${landing.pathname}`).toBe(CALLBACK);
  // What the callback page sends: the state, and the code or the error (Google's other parameters stay).
  const sent = Object.fromEntries(
    ['state', 'code', 'error'].flatMap((k) =>
      landing.searchParams.has(k) ? [[k, landing.searchParams.get(k)]] : [],
    ),
  );
  return acme.call('POST', `${API}/integrations/gmail/callback`, 'configurator', sent);
};

beforeAll(async () => {
  google = await startGoogleStandin();
  google.addClient({
    clientId: 'platform-client',
    clientSecret: 'platform-secret',
    redirectUris: [CALLBACK],
  });
  t = await startTestPlatform({
    OUTBOUND_ALLOW: '127.0.0.1',
    SECRETS_KEY: 'gmail-test-secrets-key-0123456789abcdef0',
    CONNECTOR_INTERVAL: '1',
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: 'platform-client',
    GOOGLE_CLIENT_SECRET: 'platform-secret',
    GOOGLE_AUTH_URL: google.authUrl,
    GOOGLE_TOKEN_URL: google.tokenUrl,
    GMAIL_BASE_URL: google.gmailBaseUrl,
  });
  acme = await buildTenants(t);
  ({ env, sample } = await mailEnvironment(acme, 'Gmail'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await google?.close();
});

describe('a Gmail connector through the Gmail API (docs/connectors.md "Gmail")', () => {
  it('is authorized with PKCE, brings the inbox in once, and writes labels and a threaded draft back', async () => {
    google.addAccount('claims@example.com');
    const first = google.deliver('claims@example.com', {
      from: 'Client <client@example.org>',
      subject: sample.subject,
      text: sample.text,
      messageId: '<gmail-first@example.org>',
    });
    const created = await createGmail('claims@example.com');
    expect(created).toMatchObject({ authorization: 'notConfigured', secretsSet: [] });
    // Not authorized yet: it cannot be activated.
    const early = await acme.call('PUT', url(`/${created.id}/active`), 'configurator', { active: true });
    expect(early.json()).toMatchObject({
      code: 'CONNECTOR_CHECK_FAILED',
      params: { problem: 'GMAIL_REAUTHORIZE' },
    });

    const callback = await grant(created.id, 'claims@example.com');
    expect(callback.statusCode, callback.body).toBe(200);
    expect(callback.json()).toMatchObject({
      projectId: acme.ids.project,
      connector: { authorization: 'configured' },
    });
    expect(callback.body).not.toMatch(/refresh|ya29|access_token/i);
    // The state is used once.
    const again = await acme.call('POST', `${API}/integrations/gmail/callback`, 'configurator', {
      state: 'replayed-or-unknown',
      code: 'x',
    });
    expect(again.json()).toMatchObject({ code: 'OAUTH_STATE_INVALID' });

    const activated = await acme.call('PUT', url(`/${created.id}/active`), 'configurator', { active: true });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({
      active: true,
      health: 'healthy',
      tokenExpiresAt: expect.any(String),
    });

    const [analysis] = await waitUntil(
      async () => (await analyses()).filter((a) => a.name === sample.subject),
      (l) => l[0]?.status === 'processed',
    );
    const { result } = (
      await acme.call('GET', `${API}/environments/${env}/analyses/${analysis.id}/result`, 'configurator')
    ).json();
    const categories = (result.output.categories as { name: string }[])
      .map((c) => c.name)
      .filter((c) => c !== 'NO_CATEGORY');
    const [labelled] = await waitUntil(
      async () => google.messages('claims@example.com').filter((m) => m.id === first.id),
      (m) => categories.every((c) => m[0]?.labels.includes(c)),
    );
    expect(labelled.labels).toEqual(expect.arrayContaining(categories));
    const [draft] = await waitUntil(
      async () => google.drafts('claims@example.com'),
      (d) => d.length > 0,
    );
    expect(draft.threadId).toBe(first.threadId);
    expect(draft.inReplyTo).toBe('<gmail-first@example.org>');

    // A new mail comes through the history; nothing comes twice.
    google.deliver('claims@example.com', {
      from: 'client@example.org',
      subject: 'Through the history',
      text: 'Bonjour',
    });
    await waitUntil(analyses, (l) => l.some((a) => a.name === 'Through the history'));
    await new Promise((r) => setTimeout(r, 2500));
    const names = (await analyses()).map((a) => a.name);
    expect(names.filter((n) => n === sample.subject)).toHaveLength(1);
    expect(names.filter((n) => n === 'Through the history')).toHaveLength(1);
    expect(google.requests.some((r) => r.path.endsWith('/users/me/history') && r.query.startHistoryId)).toBe(
      true,
    );

    // The PKCE and the token requests have the documented shapes.
    const code = google.requests.find(
      (r) => r.path === new URL(google.tokenUrl).pathname && /authorization_code/.test(r.body),
    )!;
    const form = new URLSearchParams(code.body);
    expect(form.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(form.get('redirect_uri')).toBe(CALLBACK);
  }, 90_000);

  it('waits out a 429, and a revoked grant asks to authorize again', async () => {
    google.addAccount('revoked@example.com');
    const created = await createGmail('revoked@example.com', { postProcessors: [] });
    expect((await grant(created.id, 'revoked@example.com')).statusCode).toBe(200);
    expect(
      (await acme.call('PUT', url(`/${created.id}/active`), 'configurator', { active: true })).statusCode,
    ).toBe(200);
    google.failNext(1, { status: 429, retryAfterSeconds: 1 });
    google.deliver('revoked@example.com', { from: 'c@example.org', subject: 'After a 429', text: 'x' });
    await waitUntil(analyses, (l) => l.some((a) => a.name === 'After a 429'));
    expect(google.requests.some((r) => r.status === 429)).toBe(true);

    google.revokeGrant('revoked@example.com');
    google.expireTokens();
    const check = await acme.call('POST', url(`/${created.id}/healthcheck`), 'configurator');
    expect(check.json()).toMatchObject({ ok: false, problem: { code: 'GMAIL_REAUTHORIZE' } });
    const after = (await acme.call('GET', url(`/${created.id}`), 'configurator')).json() as GmailConnector;
    expect(after).toMatchObject({ authorization: 'reauthorize', health: 'unhealthy' });
  }, 60_000);

  it('refuses a refused consent, another Google account, and a missing platform client', async () => {
    google.addAccount('picky@example.com');
    google.addAccount('someone-else@example.com');
    const created = await createGmail('picky@example.com');
    const refused = await grant(created.id, 'picky@example.com', false);
    expect(refused.json()).toMatchObject({ code: 'OAUTH_DENIED' });
    const wrong = await grant(created.id, 'someone-else@example.com');
    expect(wrong.json()).toMatchObject({
      code: 'OAUTH_WRONG_ACCOUNT',
      params: { account: 'someone-else@example.com' },
    });
    const stillNot = (await acme.call('GET', url(`/${created.id}`), 'configurator')).json() as GmailConnector;
    expect(stillNot.authorization).not.toBe('configured');
    // Custom credentials need their id, redirect URI and secret.
    const custom = await acme.call('POST', url(), 'configurator', {
      name: 'Custom',
      appType: 'gmail',
      settings: {
        customCredentials: true,
        clientId: null,
        redirectUri: null,
        user: 'x@example.com',
        startDate: null,
        blacklist: [],
        postProcessors: [],
        expectConsolidation: false,
      },
    });
    expect(custom.statusCode).toBe(400);
    expect(custom.json().details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['settings.clientId', 'settings.redirectUri']),
    );
  });
});
