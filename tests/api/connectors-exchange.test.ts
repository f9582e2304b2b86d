import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UseCaseTemplate } from '../../schemas/contracts/configuration';
import type { ExchangeConnector } from '../../schemas/contracts/connectors';
import { startGraphStandin } from '../support/graph-standin';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { analysesOf, mailEnvironment, waitUntil } from './support/connectors';
import { API, buildTenants, type Tenants } from './support/tenants';

// The Exchange connector against a local stand-in speaking Microsoft's documented protocols
// (DESIGN.md §7): client-credentials tokens, delta queries with their next and delta links, MIME by
// $value, categories PATCHed, createReply drafts, 429 with Retry-After, expired and revoked grants.

type Standin = Awaited<ReturnType<typeof startGraphStandin>>;
let graph: Standin;
let t: TestPlatform;
let acme: Tenants;
let env: string;
let sample: UseCaseTemplate['samples'][number];
const TENANT = 'contoso.onmicrosoft.com';
const SECRET = 'graph-client-secret-value';

const url = (path = '') => `${API}/environments/${env}/connectors${path}`;

const analyses = () => analysesOf(acme, env);

const createExchange = async (
  clientId: string,
  userEmail: string,
  more: Record<string, unknown> = {},
  secret = SECRET,
) => {
  const res = await acme.call('POST', url(), 'configurator', {
    name: `Exchange ${userEmail}`,
    appType: 'exchange',
    settings: {
      clientId,
      tenantId: TENANT,
      userEmail,
      startDate: null,
      blacklist: [],
      postProcessors: ['LABEL', 'DRAFT'],
      expectConsolidation: false,
      ...more,
    },
    secrets: { clientSecret: secret },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ExchangeConnector;
};

const activate = (id: string) => acme.call('PUT', url(`/${id}/active`), 'configurator', { active: true });

beforeAll(async () => {
  graph = await startGraphStandin();
  t = await startTestPlatform({
    OUTBOUND_ALLOW: '127.0.0.1',
    SECRETS_KEY: 'exchange-test-secrets-key-0123456789abcdef',
    CONNECTOR_INTERVAL: '1',
    GRAPH_BASE_URL: graph.graphBaseUrl,
    MICROSOFT_LOGIN_URL: graph.loginBaseUrl,
  });
  acme = await buildTenants(t);
  ({ env, sample } = await mailEnvironment(acme, 'Exchange'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

describe('an Exchange connector through Microsoft Graph (docs/connectors.md "Exchange")', () => {
  it('brings the inbox in once by delta query, and writes categories and a reply draft back', async () => {
    graph.addApp({ tenantId: TENANT, clientId: 'app-1', clientSecret: SECRET });
    graph.addMailbox('claims@contoso.test');
    graph.deliver('claims@contoso.test', {
      subject: sample.subject,
      from: 'client@example.org',
      text: sample.text,
      internetMessageId: '<first@example.org>',
    });
    const created = await createExchange('app-1', 'claims@contoso.test');
    expect(JSON.stringify(created)).not.toContain(SECRET);
    expect(created.secretsSet).toEqual(['clientSecret']);
    const activated = await activate(created.id);
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
    const categories = (result.output.categories as { name: string }[]).map((c) => c.name);
    const [message] = await waitUntil(
      async () => graph.messages('claims@contoso.test'),
      (m) => m[0]?.categories.length > 0,
    );
    expect(message.categories).toEqual(expect.arrayContaining(categories.filter((c) => c !== 'NO_CATEGORY')));
    const [draft] = await waitUntil(
      async () => graph.drafts('claims@contoso.test'),
      (d) => d.length > 0,
    );
    expect(draft).toBeTruthy();

    // The requests have the documented shapes.
    const token = graph.requests.find((r) => r.path.endsWith('/oauth2/v2.0/token'))!;
    expect(token.method).toBe('POST');
    expect(new URLSearchParams(String(token.body))).toMatchObject(
      new URLSearchParams({
        client_id: 'app-1',
        client_secret: SECRET,
        scope: 'https://graph.microsoft.com/.default',
        grant_type: 'client_credentials',
      }),
    );
    const delta = graph.requests.find((r) => r.path.endsWith('/mailFolders/inbox/messages/delta'))!;
    expect(delta.headers.authorization).toMatch(/^Bearer /);
    expect(delta.headers.prefer).toBe('odata.maxpagesize=50');
    expect(String(delta.query.$filter)).toMatch(/^receivedDateTime ge \d{4}-/);
    expect(String(delta.query.$select)).toContain('internetMessageId');
    const patch = graph.requests.find((r) => r.method === 'PATCH')!;
    expect(JSON.parse(String(patch.body))).toEqual({ categories: expect.any(Array) });

    // A second mail comes through the delta link; nothing comes twice.
    graph.deliver('claims@contoso.test', { subject: 'Second', from: 'client@example.org', text: 'Bonjour' });
    await waitUntil(analyses, (l) => l.some((a) => a.name === 'Second'));
    await new Promise((r) => setTimeout(r, 2500));
    const names = (await analyses()).map((a) => a.name);
    expect(names.filter((n) => n === sample.subject)).toHaveLength(1);
    expect(names.filter((n) => n === 'Second')).toHaveLength(1);
    expect(graph.requests.some((r) => 'delta' in r.query || '$deltatoken' in r.query)).toBe(true);
  }, 90_000);

  it('pages a large inbox, waits out a 429 by its Retry-After, renews an expired token: nothing lost, nothing twice', async () => {
    graph.addApp({ tenantId: TENANT, clientId: 'app-2', clientSecret: SECRET });
    graph.addMailbox('bulk@contoso.test');
    for (let i = 0; i < 120; i++)
      graph.deliver('bulk@contoso.test', {
        subject: `Bulk ${i}`,
        from: `c${i}@example.org`,
        text: `Message ${i}`,
      });
    const created = await createExchange('app-2', 'bulk@contoso.test', { postProcessors: [] });
    expect((await activate(created.id)).statusCode).toBe(200);
    graph.failNext(1, { status: 429, retryAfterSeconds: 1 });
    graph.expireTokens();
    await waitUntil(
      async () => (await analyses()).filter((a) => a.name.startsWith('Bulk ')).length,
      (n) => n >= 120,
      60_000,
    );
    await new Promise((r) => setTimeout(r, 2000));
    const bulk = (await analyses()).filter((a) => a.name.startsWith('Bulk '));
    expect(bulk).toHaveLength(120);
    expect(new Set(bulk.map((a) => a.name)).size).toBe(120);
    const detail = (
      await acme.call('GET', url(`/${created.id}`), 'configurator')
    ).json() as ExchangeConnector;
    expect(detail).toMatchObject({ health: 'healthy', messages: 120 });
  }, 90_000);

  it('passes a message deleted between the listing and the reading: nothing lost, nothing made of it', async () => {
    graph.addApp({ tenantId: TENANT, clientId: 'app-4', clientSecret: SECRET });
    graph.addMailbox('gone@contoso.test');
    const gone = graph.deliver('gone@contoso.test', {
      subject: 'Deleted meanwhile',
      from: 'a@example.org',
      text: 'x',
    });
    graph.deliver('gone@contoso.test', { subject: 'Still there', from: 'a@example.org', text: 'x' });
    // The user deletes the first message right after the page that lists it was answered.
    graph.afterNext(/gone@contoso\.test\/mailFolders\/inbox\/messages\/delta$/, () =>
      graph.remove('gone@contoso.test', gone.id),
    );
    const created = await createExchange('app-4', 'gone@contoso.test', { postProcessors: [] });
    expect((await activate(created.id)).statusCode).toBe(200);
    await waitUntil(analyses, (l) => l.some((a) => a.name === 'Still there'));
    expect(
      graph.requests.some((r) => r.path.endsWith(`/messages/${gone.id}/$value`) && r.status === 404),
    ).toBe(true);
    expect((await analyses()).map((a) => a.name)).not.toContain('Deleted meanwhile');
    const detail = (
      await acme.call('GET', url(`/${created.id}`), 'configurator')
    ).json() as ExchangeConnector;
    expect(detail).toMatchObject({ health: 'healthy', messages: 1 });
  });

  it('refuses a wrong secret at activation, and a revoked application makes the connector unhealthy', async () => {
    graph.addApp({ tenantId: TENANT, clientId: 'app-3', clientSecret: SECRET });
    graph.addMailbox('revoked@contoso.test');
    const wrong = await createExchange('app-3', 'revoked@contoso.test', {}, 'not-the-secret');
    const refused = await activate(wrong.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'CONNECTOR_CHECK_FAILED',
      params: { problem: 'GRAPH_AUTH_FAILED' },
    });

    const right = await createExchange('app-3', 'revoked@contoso.test');
    expect((await activate(right.id)).statusCode).toBe(200);
    graph.revokeApp('app-3');
    graph.expireTokens();
    const check = await acme.call('POST', url(`/${right.id}/healthcheck`), 'configurator');
    expect(check.json()).toMatchObject({ ok: false, problem: { code: 'GRAPH_APP_UNKNOWN' } });
    const after = (await acme.call('GET', url(`/${right.id}`), 'configurator')).json() as ExchangeConnector;
    expect(after).toMatchObject({ health: 'unhealthy', healthProblem: { code: 'GRAPH_APP_UNKNOWN' } });
  });

  it('keeps its app type: an edit that sends another is refused', async () => {
    const [one] = ((await acme.call('GET', url(), 'configurator')).json() as { data: ExchangeConnector[] })
      .data;
    const res = await acme.call('PUT', url(`/${one.id}`), 'configurator', {
      name: 'x',
      appType: 'imap',
      settings: {
        host: 'imap.example.org',
        port: 993,
        security: 'tls',
        username: 'x',
        folder: 'INBOX',
        draftsFolder: null,
        startDate: null,
        blacklist: [],
        postProcessors: [],
        expectConsolidation: false,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ path: 'appType' })]);
  });
});
