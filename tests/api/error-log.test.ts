import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForAnalysis } from './support/analyses';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

/**
 * The environment's error log (spec pipeline §2; docs/webhooks.md, "Error log"): an analysis whose
 * reply template fails when it runs, one that failed outside any step, and a webhook delivery whose
 * seven attempts all failed, read back with their filters. Retries are 50 ms apart (doubling)
 * instead of a minute.
 */
const ENV = { OUTBOUND_ALLOW: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_TIMEOUT_MS: '1000' };

let t: TestPlatform;
let acme: Tenants;
let receiver: WebhookReceiver;
const env = (path: string) => `${API}/environments/${acme.ids.env}/${path}`;

type Entry = Record<string, unknown> & { kind: string; analysisId: string | null };
const log = async (query: Record<string, string> = {}, who: 'qualifier' | 'configurator' = 'qualifier') => {
  const res = await acme.call('GET', `${env('error-log')}?${new URLSearchParams(query)}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: Entry[]; total: number };
};

const analyse = async (text: string, name: string) => {
  const res = await acme.call('POST', env('analyses'), 'configurator', { type: 'text', text, name });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  const read = await waitForAnalysis(async () =>
    (await acme.call('GET', env(`analyses/${id}/result`), 'configurator')).json(),
  );
  return { id, ...read };
};

/** The default reply template becomes one that passes the save checks but does too much work. */
const breakReplyTemplate = async () => {
  const body = 'Hello\n{% for i in 1..1000 %}{% for j in 1..1000 %}.{% endfor %}{% endfor %}';
  const list = (await acme.call('GET', env('reply-templates'), 'configurator')).json() as {
    id: string;
    name: string;
    isDefault: boolean;
  }[];
  const current = list.find((r) => r.isDefault);
  const res = current
    ? await acme.call('PUT', env(`reply-templates/${current.id}`), 'configurator', {
        name: current.name,
        isDefault: true,
        body,
      })
    : await acme.call('POST', env('reply-templates'), 'configurator', {
        name: 'reply',
        isDefault: true,
        body,
      });
  expect(res.statusCode, res.body).toBeLessThan(300);
};

let delivered: { analysisId: string };
let failedStep: { analysisId: string; categories: string[] };
let timedOut: string;

beforeAll(async () => {
  t = await startTestPlatform(ENV);
  acme = await buildTenants(t);
  receiver = await startWebhookReceiver('error500');
  const hook = await acme.call('POST', env('webhooks'), 'configurator', { url: receiver.url });
  expect(hook.statusCode, hook.body).toBe(201);

  const ok = await analyse('Le destinataire répond 500 à chaque fois.', 'to the broken receiver');
  expect(ok.analysis.status).toBe('processed');
  delivered = { analysisId: ok.id };
  const deadline = Date.now() + 30_000;
  while ((await log({ kind: 'delivery' })).total === 0) {
    if (Date.now() > deadline) throw new Error('the delivery never failed');
    await new Promise((r) => setTimeout(r, 100));
  }

  await breakReplyTemplate();
  const broken = await analyse('Bonjour', 'template too heavy');
  expect(broken.analysis.status).toBe('error');
  // The environment has no categorisation module: the category its rules would have given.
  await t.platform.db.query(
    `UPDATE analyses SET result = jsonb_set(result::jsonb, '{categories}',
       '[{"name": "Complaint", "kind": "message", "rule": "angry", "taint": null, "explanation": null}]')
     WHERE id = $1`,
    [broken.id],
  );
  failedStep = { analysisId: broken.id, categories: ['Complaint'] };

  // An analysis ended by its time limit long ago: no failed step, only its own error.
  const [row] = await t.platform.db.query<{ id: string }>(
    `INSERT INTO analyses (id, environment_id, name, input_type, status, error, created_at, finished_at)
     VALUES (gen_random_uuid(), $1, 'slow one', 'text', 'error', 'The analysis exceeded its time limit',
             '2020-01-15T10:00:00Z', '2020-01-15T10:05:00Z')
     RETURNING id`,
    [acme.ids.env],
  );
  timedOut = row.id;
}, 120_000);
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe('the error log', () => {
  it('lists failed steps, failed analyses and failed deliveries, newest first', async () => {
    const { entries, total } = await log();
    expect(total).toBe(3);
    expect(entries.map((e) => e.kind)).toEqual(['step', 'delivery', 'step']);
    expect(entries[0]).toMatchObject({
      kind: 'step',
      analysisId: failedStep.analysisId,
      analysisName: 'template too heavy',
      step: 'replyTemplate',
      errors: [expect.stringContaining('The template does too much work')],
      categories: failedStep.categories,
    });
    expect(entries[0].summary).toEqual(expect.any(String));
    expect(entries[1]).toMatchObject({
      kind: 'delivery',
      analysisId: delivered.analysisId,
      analysisName: 'to the broken receiver',
      deliveryId: expect.any(String),
      webhookId: expect.any(String),
      webhookUrl: receiver.url,
      errorCode: 'DELIVERY_HTTP_ERROR',
      error: expect.any(String),
    });
    expect(entries[2]).toEqual({
      kind: 'step',
      at: '2020-01-15T10:05:00.000Z',
      analysisId: timedOut,
      analysisName: 'slow one',
      step: null,
      summary: null,
      errors: ['The analysis exceeded its time limit'],
      categories: [],
    });
  });

  it('filters by kind, step, category and dates, and pages', async () => {
    expect((await log({ kind: 'delivery' })).entries.map((e) => e.kind)).toEqual(['delivery']);
    expect((await log({ kind: 'step' })).entries.map((e) => e.analysisId)).toEqual([
      failedStep.analysisId,
      timedOut,
    ]);
    expect((await log({ step: 'replyTemplate' })).entries.map((e) => e.analysisId)).toEqual([
      failedStep.analysisId,
    ]);
    // `outputDelivery` names the deliveries too.
    expect((await log({ step: 'outputDelivery' })).entries.map((e) => e.kind)).toEqual(['delivery']);
    expect((await log({ step: 'extractor' })).total).toBe(0);
    expect((await log({ kind: 'delivery', step: 'replyTemplate' })).total).toBe(0);
    // A category the broken analysis got, and one nobody got.
    expect((await log({ category: 'Complaint' })).entries.map((e) => e.analysisId)).toEqual([
      failedStep.analysisId,
    ]);
    expect((await log({ category: 'NOT_A_CATEGORY' })).total).toBe(0);
    // A day given as `to` runs to its end; an instant bounds exactly.
    expect((await log({ from: '2020-01-01', to: '2020-01-15' })).entries.map((e) => e.analysisId)).toEqual([
      timedOut,
    ]);
    expect((await log({ to: '2020-01-15T10:04:59Z' })).total).toBe(0);
    expect((await log({ from: '2020-01-16' })).total).toBe(2);
    const bad = await acme.call('GET', `${env('error-log')}?from=2020-02-01&to=2020-01-01`, 'qualifier');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_PERIOD');
    const page2 = await log({ perPage: '2', page: '2' });
    expect(page2).toMatchObject({ total: 3, entries: [expect.objectContaining({ analysisId: timedOut })] });
    for (const query of ['perPage=101', 'page=0', 'kind=other', 'step=nowhere', 'from=yesterday'])
      expect((await acme.call('GET', `${env('error-log')}?${query}`, 'qualifier')).statusCode, query).toBe(
        400,
      );
  });

  it('is for qualifiers and above of the environment only', async () => {
    expect((await acme.call('GET', env('error-log'), 'cockpit')).statusCode).toBe(403);
    expect((await acme.call('GET', env('error-log'), 'outsider')).statusCode).toBe(404);
    expect((await acme.call('GET', env('error-log'), 'anonymous')).statusCode).toBe(401);
    const rival = await acme.call('GET', `${API}/environments/${acme.ids.otherEnv}/error-log`, 'qualifier');
    expect(rival.statusCode).toBe(404);
    expect((await log({}, 'configurator')).total).toBe(3);
  });
});
