import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookPayloadSchema } from '../../schemas/webhook-payload';
import { corpusBytes } from '../../server/pipeline/extractor/test-support/corpus';
import { postAnalysisForm, waitForAnalysis } from './support/analyses';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { startSmtpServer } from './support/smtp';
import { API, buildTenants, listQuery, type Tenants } from './support/tenants';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

/**
 * Webhook delivery (DESIGN.md §6 Output, docs/decisions/delivery-one-job-per-attempt.md) against
 * real HTTP receivers on loopback: the signature, retries with backoff, the delivery log, replays,
 * timeouts and size bounds. Retries are 50 ms apart (doubling) instead of a minute, the timeout 1 s
 * instead of 10.
 */
const ENV = { OUTBOUND_ALLOW: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_TIMEOUT_MS: '1000' };

let t: TestPlatform;
let acme: Tenants;
const receivers: WebhookReceiver[] = [];
const hooks = () => `${API}/environments/${acme.ids.env}/webhooks`;
const deliveries = () => `${API}/environments/${acme.ids.env}/webhook-deliveries`;

beforeAll(async () => {
  t = await startTestPlatform(ENV);
  acme = await buildTenants(t);
});
afterAll(async () => {
  await t.close();
  for (const r of receivers) await r.close();
});

const receiver = async (mode?: Parameters<typeof startWebhookReceiver>[0]) => {
  const r = await startWebhookReceiver(mode);
  receivers.push(r);
  return r;
};

/** Only one set of webhooks at a time: each test starts from none. */
const clearWebhooks = async () => {
  await t.platform.db.query('DELETE FROM webhooks WHERE environment_id = $1', [acme.ids.env]);
  await t.platform.db.query(
    `UPDATE resource_versions SET version = nextval('resource_version_seq') WHERE scope_key = $1`,
    [acme.ids.env],
  );
};

const createWebhook = async (body: Record<string, unknown>) => {
  const res = await acme.call('POST', hooks(), 'configurator', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string };
};

const analyseText = async (text: string, extra: Record<string, unknown> = {}) => {
  const res = await acme.call('POST', `${API}/environments/${acme.ids.env}/analyses`, 'qualifier', {
    type: 'text',
    text,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};

const deliveriesOf = async (filter: Record<string, unknown>) =>
  (await acme.call('GET', `${deliveries()}${listQuery({ filter })}`, 'qualifier')).json() as {
    id: string;
    status: string;
    attempts: number;
    statusCode: number | null;
    errorCode: string | null;
  }[];

const deliveryWhen = async (
  filter: Record<string, unknown>,
  test: (d: Awaited<ReturnType<typeof deliveriesOf>>[number]) => boolean,
  ms = 30_000,
) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = (await deliveriesOf(filter)).find(test);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no delivery as expected: ${JSON.stringify(await deliveriesOf(filter))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const ajv = new Ajv({ allowUnionTypes: true, strict: false });
addFormats(ajv);
/** Whether a body is what the published schema (and the OpenAPI document) says a receiver gets. */
const validPayload = ajv.compile(webhookPayloadSchema);

const detailOf = async (id: string) =>
  (await acme.call('GET', `${deliveries()}/${id}/detail`, 'qualifier')).json() as {
    payload: Record<string, unknown>;
    attempts: { attempt: number; statusCode: number | null; errorCode: string | null }[];
  };

describe('webhooks: configuration', () => {
  it('shows the signing secret once, never reads back the authorization value, checks access', async () => {
    await clearWebhooks();
    const r = await receiver();
    const created = await acme.call('POST', hooks(), 'configurator', {
      url: r.url,
      authorizationName: 'Authorization',
      authorizationValue: 'Bearer s3cr3t',
    });
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json();
    expect(hook).toMatchObject({ url: r.url, type: 'processed', format: 'full', active: true });
    expect(hook.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(hook.authorizationValue).toBeNull();
    const read = (await acme.call('GET', `${hooks()}/${hook.id}`, 'configurator')).json();
    expect(read.secret).toBeNull();
    expect(read.authorizationValue).toBeNull();
    expect(JSON.stringify((await acme.call('GET', hooks(), 'configurator')).json())).not.toContain('s3cr3t');
    // Below configurator, and from another organisation: nothing.
    expect((await acme.call('GET', hooks(), 'qualifier')).statusCode).toBe(403);
    expect((await acme.call('POST', hooks(), 'qualifier', { url: r.url })).statusCode).toBe(403);
    expect((await acme.call('GET', `${hooks()}/${hook.id}`, 'outsider')).statusCode).toBe(404);
    expect((await acme.call('DELETE', `${hooks()}/${hook.id}`, 'outsider')).statusCode).toBe(404);
    // An edit that keeps the value (null) keeps it; an edit that sets a secret shows it once.
    const edited = await acme.call('PUT', `${hooks()}/${hook.id}`, 'configurator', {
      ...read,
      format: 'light',
      secret: 'a-secret-of-my-own-that-is-long-enough',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      format: 'light',
      secret: 'a-secret-of-my-own-that-is-long-enough',
    });
    const [stored] = await t.platform.db.query<{ authorization_value: string; secret: string }>(
      'SELECT authorization_value, secret FROM webhooks WHERE id = $1',
      [hook.id],
    );
    expect(stored).toEqual({
      authorization_value: 'Bearer s3cr3t',
      secret: 'a-secret-of-my-own-that-is-long-enough',
    });
    expect((await acme.call('DELETE', `${hooks()}/${hook.id}`, 'configurator')).statusCode).toBe(204);
    expect((await acme.call('GET', `${hooks()}/${hook.id}`, 'configurator')).statusCode).toBe(404);
  });

  it.each([
    ['not a URL', { url: 'hooks.example.com/in' }, 'url'],
    ['another scheme', { url: 'ftp://hooks.example.com/in' }, 'url'],
    ['a file URL', { url: 'file:///etc/passwd' }, 'url'],
    ['a private address', { url: 'http://10.1.2.3/in' }, 'url'],
    ['the metadata address', { url: 'http://169.254.169.254/latest/meta-data' }, 'url'],
    ['IPv6 loopback', { url: 'http://[::1]:8080/in' }, 'url'],
    ['credentials in the URL', { url: 'https://user:pass@hooks.example.com/in' }, 'url'],
    [
      'a header name with a space',
      { url: 'https://hooks.example.com/in', authorizationName: 'X Token' },
      'authorizationName',
    ],
    [
      'a header value with a line break',
      {
        url: 'https://hooks.example.com/in',
        authorizationName: 'X-Token',
        authorizationValue: 'a\r\nX-Evil: 1',
      },
      'authorizationValue',
    ],
    ['a secret too short', { url: 'https://hooks.example.com/in', secret: 'short' }, 'secret'],
  ])('refuses %s, naming the field', async (_what, body, field) => {
    const res = await acme.call('POST', hooks(), 'configurator', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('says an internal address refused by code, its host a parameter', async () => {
    const res = await acme.call('POST', hooks(), 'configurator', { url: 'http://10.1.2.3/in' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toContainEqual({
      path: 'url',
      keyword: 'internalAddress',
      message:
        '10.1.2.3 is an internal address: the platform does not send to it unless OUTBOUND_ALLOW names it',
      code: 'urlInternal',
      params: { host: '10.1.2.3' },
    });
  });
});

describe('webhooks: the OpenAPI document', () => {
  it('publishes the payload schema and the delivery headers as an OpenAPI 3.1 webhook', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v4/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const { $id: _id, ...published } = webhookPayloadSchema;
    expect(doc.components.schemas.WebhookPayload).toEqual(JSON.parse(JSON.stringify(published)));
    const post = doc.webhooks.analysisEnded.post;
    expect(post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/WebhookPayload',
    });
    expect(post.parameters.map((p: { name: string }) => p.name)).toEqual([
      'X-Signature-SHA256',
      'X-Delivery-Id',
      'X-Delivery-Attempt',
      'X-Webhook-Id',
    ]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v4/console/api/environments/{scopeId}/webhooks',
        '/v4/console/api/environments/{envId}/webhook-deliveries/{id}/replay',
        '/v4/console/api/environments/{envId}/webhooks/{id}/replay-failed',
      ]),
    );
  });
});

describe('webhooks: delivery', () => {
  it('posts the output payload signed over its delivery id, timestamp and body, with the delivery headers; the log shows it delivered', async () => {
    await clearWebhooks();
    const r = await receiver();
    const hook = await createWebhook({
      url: r.url,
      authorizationName: 'Authorization',
      authorizationValue: 'Bearer k',
    });
    const id = await analyseText('Bonjour, je souhaite résilier mon contrat.');
    await r.until(() => r.accepted.size === 1);
    const [request] = r.requests;
    // Standard Webhooks: the signature covers the delivery's id and the moment of sending.
    expect(request.standardSigned(hook.secret)).toBe(true);
    expect(request.standardSigned('whsec_another')).toBe(false);
    const timestamp = Number(request.headers['webhook-timestamp']);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(300);
    // A captured delivery sent again later, its timestamp changed to pass the tolerance, fails.
    expect(request.standardSigned(hook.secret, String(timestamp + 600))).toBe(false);
    // The body-only header of the previous release still verifies (deprecated, removed next release).
    expect(request.signed(hook.secret)).toBe(true);
    expect(request.signed('whsec_another')).toBe(false);
    expect(request.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-delivery-attempt': '1',
      'x-webhook-id': hook.id,
      authorization: 'Bearer k',
    });
    const payload = JSON.parse(request.body.toString('utf8'));
    const { result } = await waitForAnalysis(async () =>
      (
        await acme.call('GET', `${API}/environments/${acme.ids.env}/analyses/${id}/result`, 'qualifier')
      ).json(),
    );
    expect(payload).toEqual(result!.output);
    expect(validPayload(payload), JSON.stringify(validPayload.errors)).toBe(true);
    expect(payload).toMatchObject({ analysisId: id, status: 'processed' });
    const delivery = await deliveryWhen({ analysisId: id }, (d) => d.status === 'delivered');
    expect(delivery).toMatchObject({ attempts: 1, statusCode: 204 });
    expect(request.headers['x-delivery-id']).toBe(delivery.id);
    expect(request.headers['webhook-id']).toBe(delivery.id);
    const detail = await detailOf(delivery.id);
    expect(detail.payload).toEqual(payload);
    expect(detail.attempts).toMatchObject([{ attempt: 1, statusCode: 204, errorCode: null }]);
    // The trace's output step says where the payload goes.
    expect(result!.trace.at(-1)!.summary).toMatch(/delivered to 1 webhook/);
  });

  it('retries a receiver that is down three times, then delivers exactly once', async () => {
    await clearWebhooks();
    const r = await receiver('reset');
    const hook = await createWebhook({ url: r.url });
    const id = await analyseText('Trois tentatives échouent puis la quatrième passe.');
    await r.until(() => r.requests.length >= 3, 30_000, 'three attempts');
    r.setMode('ok');
    const delivery = await deliveryWhen({ analysisId: id }, (d) => d.status === 'delivered');
    expect(delivery.attempts).toBe(4);
    expect([...r.accepted.values()]).toEqual([1]);
    expect(r.requests.map((q) => q.headers['x-delivery-attempt'])).toEqual(['1', '2', '3', '4']);
    // Every attempt carries the delivery's id and is signed at its own moment.
    expect(r.requests.map((q) => q.headers['webhook-id'])).toEqual(Array(4).fill(delivery.id));
    expect(r.requests.map((q) => q.standardSigned(hook.secret))).toEqual([true, true, true, true]);
    // Backoff: the waits are at least 50, 100, 200 ms (the base, doubled at each retry).
    const gaps = r.requests.slice(1).map((q, i) => q.at - r.requests[i].at);
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(50 * 2 ** i - 5));
    const detail = await detailOf(delivery.id);
    expect(detail.attempts.map((a) => a.errorCode)).toEqual([
      'DELIVERY_UNREACHABLE',
      'DELIVERY_UNREACHABLE',
      'DELIVERY_UNREACHABLE',
      null,
    ]);
  });

  it('fails after the seventh attempt of a receiver answering 500; a replay delivers it once fixed', async () => {
    await clearWebhooks();
    const r = await receiver('error500');
    const hook = await createWebhook({ url: r.url });
    const since = new Date().toISOString();
    const id = await analyseText('Le destinataire répond 500 à chaque fois.');
    const failed = await deliveryWhen({ analysisId: id }, (d) => d.status === 'failed');
    expect(failed).toMatchObject({ attempts: 7, statusCode: 500, errorCode: 'DELIVERY_HTTP_ERROR' });
    expect(r.requests).toHaveLength(7);
    // Every attempt recorded; the webhook is failing since the first.
    expect((await detailOf(failed.id)).attempts.map((a) => a.statusCode)).toEqual([
      500, 500, 500, 500, 500, 500, 500,
    ]);
    const read = (await acme.call('GET', `${hooks()}/${hook.id}`, 'configurator')).json();
    expect(read.failingSince).toEqual(expect.any(String));
    // Replays are for configurators.
    expect((await acme.call('POST', `${deliveries()}/${failed.id}/replay`, 'qualifier')).statusCode).toBe(
      403,
    );
    r.setMode('ok');
    const replay = await acme.call('POST', `${hooks()}/${hook.id}/replay-failed`, 'configurator', { since });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual({ replayed: 1 });
    const delivered = await deliveryWhen({ analysisId: id }, (d) => d.status === 'delivered');
    expect(delivered).toMatchObject({ id: failed.id, attempts: 8, statusCode: 204 });
    expect(r.accepted.get(failed.id)).toBe(1);
    expect(r.requests.at(-1)!.headers['x-delivery-attempt']).toBe('8');
    expect((await acme.call('GET', `${hooks()}/${hook.id}`, 'configurator')).json().failingSince).toBeNull();
    // One delivery replayed by itself; never while it is in progress.
    const again = await acme.call('POST', `${deliveries()}/${failed.id}/replay`, 'configurator');
    expect(again.json()).toEqual({ replayed: 1 });
    const second = await acme.call('POST', `${deliveries()}/${failed.id}/replay`, 'configurator');
    if (second.statusCode !== 200) expect(second.json().code).toBe('DELIVERY_IN_PROGRESS');
    await r.until(() => r.accepted.get(failed.id) === 2 || r.accepted.get(failed.id) === 3);
  });

  it('cuts a receiver that never answers at the timeout, and one answering 100 MB at the bound, without holding others', async () => {
    await clearWebhooks();
    const hang = await receiver('hang');
    const huge = await receiver('huge');
    const fine = await receiver('ok');
    await createWebhook({ url: hang.url });
    await createWebhook({ url: huge.url });
    await createWebhook({ url: fine.url });
    const started = Date.now();
    const id = await analyseText('Trois destinataires, dont deux hostiles.');
    await fine.until(() => fine.accepted.size === 1);
    // The good receiver is served while the hanging one still holds its first attempt (1 s).
    const hangDelivery = await deliveryWhen(
      { analysisId: id },
      (d) => d.attempts >= 1 && d.errorCode === 'DELIVERY_TIMEOUT',
    );
    expect(hangDelivery.status).toBe('pending');
    const hugeDelivery = await deliveryWhen(
      { analysisId: id },
      (d) => d.attempts >= 1 && d.errorCode === 'DELIVERY_ANSWER_TOO_LARGE',
    );
    expect(hugeDelivery.statusCode).toBe(200);
    expect(fine.requests[0].at - started).toBeLessThan(hang.requests[0].at - started + 1000);
  });

  it('light format leaves out the HTML body, the NLU output and the attachments data', async () => {
    await clearWebhooks();
    const r = await receiver();
    await createWebhook({ url: r.url, format: 'light' });
    const full = await receiver();
    await createWebhook({ url: full.url });
    await t.platform.db.query(
      `UPDATE environments SET settings = jsonb_set(coalesce(settings, '{}'), '{output}', $2::jsonb) WHERE id = $1`,
      [acme.ids.env, JSON.stringify({ htmlBodies: true, attachmentsData: true, nluOutput: true })],
    );
    const res = await postAnalysisForm(
      t.app,
      `${API}/environments/${acme.ids.env}/analyses`,
      acme.auth.qualifier,
      { type: 'file' },
      [{ field: 'file', filename: 'nodemailer.eml', bytes: corpusBytes('email/nodemailer.eml') }],
    );
    expect(res.statusCode, res.body).toBe(201);
    await r.until(() => r.accepted.size === 1);
    await full.until(() => full.accepted.size === 1);
    const light = JSON.parse(r.requests[0].body.toString('utf8'));
    const whole = JSON.parse(full.requests[0].body.toString('utf8'));
    expect(whole.attachments.some((a: { data: unknown }) => typeof a.data === 'string')).toBe(true);
    expect(light).not.toHaveProperty('htmlBody');
    expect(light).not.toHaveProperty('nlu');
    expect(light.attachments.length).toBe(whole.attachments.length);
    for (const a of light.attachments) expect(a).not.toHaveProperty('data');
    expect(validPayload(light), JSON.stringify(validPayload.errors)).toBe(true);
    expect(validPayload(whole), JSON.stringify(validPayload.errors)).toBe(true);
    expect(light.analysisId).toBe(whole.analysisId);
  });

  it('type finished also delivers analyses in error; type processed does not', async () => {
    await clearWebhooks();
    const finished = await receiver();
    const processed = await receiver();
    await createWebhook({ url: finished.url, type: 'finished' });
    await createWebhook({ url: processed.url, type: 'processed' });
    const res = await postAnalysisForm(
      t.app,
      `${API}/environments/${acme.ids.env}/analyses`,
      acme.auth.qualifier,
      { type: 'file' },
      [{ field: 'file', filename: 'broken.pdf', bytes: Buffer.from('%PDF-1.7 this is not a PDF at all') }],
    );
    expect(res.statusCode, res.body).toBe(201);
    await finished.until(() => finished.accepted.size === 1);
    const body = JSON.parse(finished.requests[0].body.toString('utf8'));
    expect(body).toMatchObject({ analysisId: res.json().id, status: 'error', error: expect.any(String) });
    expect(validPayload(body), JSON.stringify(validPayload.errors)).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(processed.requests).toHaveLength(0);
  });

  it('with the manual final status, delivers when the status comes, with that status', async () => {
    await clearWebhooks();
    const r = await receiver();
    await createWebhook({ url: r.url });
    const key = (
      await acme.call('POST', `${API}/environments/${acme.ids.env}/access-keys`, 'configurator', {
        name: 'ci',
      })
    ).json().secret as string;
    const id = await analyseText('Statut final manuel.', { manualFinalStatus: true });
    await waitForAnalysis(
      async () =>
        (
          await acme.call('GET', `${API}/environments/${acme.ids.env}/analyses/${id}/result`, 'qualifier')
        ).json(),
      { statuses: ['pending'] },
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(r.requests).toHaveLength(0);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/v4/api/analyses/${id}`,
      headers: { authorization: `Bearer ${key}` },
      payload: { status: 'processed', exchangeLabels: ['done'] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await r.until(() => r.accepted.size === 1);
    expect(JSON.parse(r.requests[0].body.toString('utf8'))).toMatchObject({
      analysisId: id,
      status: 'processed',
    });
  });

  it('deactivated webhooks get nothing; other environments never see these deliveries', async () => {
    await clearWebhooks();
    const r = await receiver();
    const hook = await createWebhook({ url: r.url });
    const read = (await acme.call('GET', `${hooks()}/${hook.id}`, 'configurator')).json();
    expect(
      (await acme.call('PUT', `${hooks()}/${hook.id}`, 'configurator', { ...read, active: false }))
        .statusCode,
    ).toBe(200);
    await analyseText('Webhook désactivé.');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(r.requests).toHaveLength(0);
    const rival = await acme.call(
      'GET',
      `${API}/environments/${acme.ids.otherEnv}/webhook-deliveries`,
      'qualifier',
    );
    expect(rival.statusCode).toBe(404);
  });
});

describe('webhooks: a receiver failing for the whole window', () => {
  let p: TestPlatform;
  let tenants: Tenants;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    p = await startTestPlatform({ ...ENV, WEBHOOK_DISABLE_AFTER: '1', SMTP_URL: smtp.url });
    tenants = await buildTenants(p);
  });
  afterAll(async () => {
    await p.close();
    await smtp.close();
  });

  it('is deactivated and its owner told by mail, with a link to the webhooks page', async () => {
    const r = await receiver('error500');
    const url = `${API}/environments/${tenants.ids.env}/webhooks`;
    const hook = (await tenants.call('POST', url, 'configurator', { url: r.url })).json();
    await tenants.call('POST', `${API}/environments/${tenants.ids.env}/analyses`, 'qualifier', {
      type: 'text',
      text: 'Un destinataire en panne.',
    });
    const mail = await smtp.nth(1, 30_000);
    expect(mail.subject).toMatch(/Webhook désactivé/);
    expect(mail.text).toContain(r.url);
    expect(mail.text).toContain(
      `http://console.test/project/${tenants.ids.project}/environment/${tenants.ids.env}/env-management/webhooks`,
    );
    expect((mail.to as { value: { address: string }[] }).value[0].address).toBe(
      'acme-configurator@example.test',
    );
    const read = (await tenants.call('GET', `${url}/${hook.id}`, 'configurator')).json();
    expect(read).toMatchObject({ active: false, deactivatedReason: 'failing' });
    // Activating it again clears the failure.
    const on = await tenants.call('PUT', `${url}/${hook.id}`, 'configurator', { ...read, active: true });
    expect(on.json()).toMatchObject({ active: true, failingSince: null, deactivatedReason: null });
  });
});
