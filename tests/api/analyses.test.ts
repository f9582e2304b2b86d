import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACE_STEPS, blockText } from '../../schemas/analysis-result';
import { corpusBytes } from '../../server/pipeline/extractor/test-support/corpus';
import { postAnalysisForm, waitForAnalysis } from './support/analyses';
import type { FormFile } from './support/multipart';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, listQuery, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;
const analysesOf = (env: string) => `${API}/environments/${env}/analyses`;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
});
afterAll(() => t.close());

type Who = 'qualifier' | 'configurator' | 'cockpit' | 'outsider' | 'admin';

const post = (env: string, fields: Record<string, string>, files: FormFile[] = [], who: Who = 'qualifier') =>
  postAnalysisForm(t.app, analysesOf(env), acme.auth[who], fields, files);

const resultOf = (env: string, id: string, who: Who = 'qualifier') =>
  acme.call('GET', `${analysesOf(env)}/${id}/result`, who);

/** Waits for the analysis to reach one of `statuses`, through the API as the console does. */
const settled = (id: string, statuses?: readonly string[], env = acme.ids.env) =>
  waitForAnalysis(async () => (await resultOf(env, id)).json(), { statuses });

describe('analyses', () => {
  it('analyse pasted text: waiting, then processed, with one trace entry per step in order', async () => {
    const res = await acme.call('POST', analysesOf(acme.ids.env), 'qualifier', {
      type: 'text',
      text: 'Bonjour, je souhaite résilier mon contrat n° 12345.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'waiting',
      inputType: 'text',
      name: expect.stringContaining('Bonjour'),
    });
    const { analysis, result } = await settled(res.json().id);
    expect(analysis.status).toBe('processed');
    expect(blockText(result!.extraction!, result!.extraction!.blocks[0])).toContain('résilier mon contrat');
    expect(result!.trace.map((e) => e.step)).toEqual([...TRACE_STEPS]);
    const [source, extractor, ...later] = result!.trace;
    const output = later.pop()!;
    expect(source).toMatchObject({ status: 'done', summary: expect.stringContaining('Text') });
    expect(extractor).toMatchObject({ status: 'done', start: expect.any(String) });
    expect(extractor.durationMs).toBeGreaterThanOrEqual(0);
    expect(output).toMatchObject({
      step: 'outputDelivery',
      status: 'done',
      summary: expect.stringMatching(/^Payload built/),
    });
    for (const entry of later) {
      expect(entry).toMatchObject({
        status: 'skipped',
        start: null,
        // Nothing configured, or the opt-in vision engine not in the pipeline.
        summary: expect.stringMatching(/configured|not active in this environment/),
      });
    }
  });

  it('analyse an uploaded email: headers, attachments, and the original downloads byte for byte', async () => {
    const bytes = corpusBytes('email/nodemailer.eml');
    const res = await post(acme.ids.env, { type: 'file' }, [
      { field: 'file', filename: 'nodemailer.eml', bytes },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { result } = await settled(res.json().id);
    expect(result!.status).toBe('processed');
    const extraction = result!.extraction!;
    expect(extraction.kind).toBe('email');
    expect(extraction.message!.subject).toBe('Nodemailer is unicode friendly ✔ (1476358788189)');
    expect(extraction.message!.from!.address).toBe('andris@kreata.ee');
    expect(extraction.attachments.map((a) => a.filename)).toEqual(
      expect.arrayContaining(['image.png', 'nyan cat ✔.gif', 'notes.txt']),
    );
    const original = await acme.call(
      'GET',
      `${analysesOf(acme.ids.env)}/${res.json().id}/original`,
      'cockpit',
    );
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-disposition']).toContain('nodemailer.eml');
    expect(Buffer.compare(original.rawPayload, Buffer.from(bytes))).toBe(0);
    const download = await acme.call(
      'GET',
      `${analysesOf(acme.ids.env)}/${res.json().id}/result/download`,
      'cockpit',
    );
    expect(JSON.parse(download.body).result.extraction.message.subject).toContain('Nodemailer');
  });

  it('simulate a mail with a PDF attachment: the attachment’s text is extracted', async () => {
    const res = await post(
      acme.ids.env,
      {
        type: 'mail',
        from: 'client@example.com',
        to: 'support@acme.test',
        subject: 'Facture',
        body: 'Voir pièce jointe.',
      },
      [
        {
          field: 'attachments',
          filename: 'facture.pdf',
          bytes: corpusBytes('pdf/minimal-document.pdf'),
          type: 'application/pdf',
        },
      ],
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ inputType: 'mail', name: 'Facture' });
    const { result } = await settled(res.json().id);
    const { message, attachments } = result!.extraction!;
    expect(message).toMatchObject({ subject: 'Facture', from: { address: 'client@example.com' } });
    expect(message!.text).toContain('Voir pièce jointe.');
    expect(attachments[0]).toMatchObject({ filename: 'facture.pdf', error: null });
    expect(attachments[0].pages[0].text.replace(/\s+/g, ' ')).toContain('Lorem ipsum dolor sit amet');
  });

  it('simulate a mail whose addresses carry display names', async () => {
    const res = await post(acme.ids.env, {
      type: 'mail',
      from: 'Jean Dupont <jean.dupont@example.fr>',
      to: '"Sinistres, Acme" <claims@acme.test>, accounts@acme.test',
      subject: 'Sinistre',
      body: 'Je souhaite déclarer un sinistre.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { result } = await settled(res.json().id);
    expect(result!.extraction!.message).toMatchObject({
      from: { address: 'jean.dupont@example.fr', name: 'Jean Dupont' },
    });
  });

  it('refuse a simulated mail without @, a file of a refused extension, and nothing at all, field by field', async () => {
    const mail = await post(acme.ids.env, { type: 'mail', from: 'client', to: 'support@acme.test' }, [
      { field: 'attachments', filename: 'run.exe', bytes: new Uint8Array([77, 90]) },
    ]);
    expect(mail.statusCode).toBe(400);
    expect(mail.json().details).toEqual([
      expect.objectContaining({ path: 'from', keyword: 'email' }),
      expect.objectContaining({ path: 'attachments.0', keyword: 'extension' }),
    ]);
    const file = await post(acme.ids.env, { type: 'file' }, [
      { field: 'file', filename: 'notes.txt', bytes: new Uint8Array([1]) },
    ]);
    expect(file.json().details).toEqual([expect.objectContaining({ path: 'file', keyword: 'extension' })]);
    const empty = await post(acme.ids.env, { type: 'text', text: '  ' });
    expect(empty.json().details).toEqual([expect.objectContaining({ path: 'text', keyword: 'required' })]);
    const count = await t.platform.db.query(`SELECT 1 FROM analyses WHERE name = 'run.exe'`);
    expect(count).toHaveLength(0);
  });

  it('are read by every level of the project, created by qualifiers up, hidden from other organisations', async () => {
    const created = await acme.call('POST', analysesOf(acme.ids.env), 'qualifier', {
      type: 'text',
      text: 'Visible',
    });
    const id = created.json().id as string;
    expect(
      (await acme.call('POST', analysesOf(acme.ids.env), 'cockpit', { type: 'text', text: 'x' })).statusCode,
    ).toBe(403);
    expect((await resultOf(acme.ids.env, id, 'cockpit')).statusCode).toBe(200);
    for (const url of [`${analysesOf(acme.ids.env)}/${id}/result`, analysesOf(acme.ids.env)]) {
      const res = await acme.call('GET', url, 'outsider');
      expect(res.statusCode).toBe(404);
    }
    // The id of another environment's analysis is unknown in this one.
    const elsewhere = await acme.call('GET', `${analysesOf(acme.ids.hidden)}/${id}/result`, 'admin');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({
      code: 'ANALYSIS_NOT_FOUND',
      message: 'The analysis does not exist',
    });
  });

  it('list with filters on status, input type, name and dates', async () => {
    const tag = `filter-${Date.now()}`;
    const created = await acme.call('POST', analysesOf(acme.ids.env), 'qualifier', {
      type: 'text',
      text: 'x',
      name: tag,
    });
    await settled(created.json().id);
    const list = (filter: object) =>
      acme.call(
        'GET',
        `${analysesOf(acme.ids.env)}${listQuery({ filter, sort: ['createdAt', 'DESC'], range: [0, 9] })}`,
        'cockpit',
      );
    const found = await list({
      q: tag,
      status: 'processed',
      inputType: 'text',
      createdAt_gte: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(found.json()).toEqual([expect.objectContaining({ name: tag, status: 'processed' })]);
    expect((await list({ q: tag, status: 'error' })).json()).toEqual([]);
    expect((await list({ q: tag, inputType: 'mail' })).json()).toEqual([]);
  });

  it('end in a clear error for one bad file, and the worker goes on with the next', async () => {
    const bad = await post(acme.ids.env, { type: 'file' }, [
      { field: 'file', filename: 'empty.pdf', bytes: new Uint8Array() },
    ]);
    const lying = await post(acme.ids.env, { type: 'file' }, [
      { field: 'file', filename: 'scan.pdf', bytes: new TextEncoder().encode('this is no PDF at all') },
    ]);
    const good = await acme.call('POST', analysesOf(acme.ids.env), 'qualifier', {
      type: 'text',
      text: 'Still here',
    });
    const empty = await settled(bad.json().id);
    expect(empty.analysis).toMatchObject({ status: 'error', error: expect.stringMatching(/empty/) });
    const extractor = empty.result!.trace.find((e) => e.step === 'extractor')!;
    expect(extractor).toMatchObject({ status: 'error', errors: [expect.stringMatching(/empty/)] });
    expect(extractor.errors[0]).not.toMatch(/\n\s+at /);
    // The parser's reason by code, for the result page to say in the reader's language.
    expect(extractor.messages!.errors).toEqual([
      { code: 'parseFileEmpty', params: { filename: 'empty.pdf' } },
    ]);
    expect(
      empty.result!.trace.slice(2).every((e) => e.status === 'skipped' && /failed/.test(e.summary)),
    ).toBe(true);
    expect((await settled(lying.json().id)).analysis.status).toBe('error');
    expect((await settled(good.json().id)).analysis.status).toBe('processed');
  });
});

describe('the lifecycle of an analysis', () => {
  it('abort a waiting one; reanalyze it; refuse to reanalyze while it runs', async () => {
    const api = await startTestPlatform({}, { worker: false });
    try {
      const tenants = await buildTenants(api);
      const url = `${API}/environments/${tenants.ids.env}/analyses`;
      const created = await tenants.call('POST', url, 'qualifier', { type: 'text', text: 'Waiting forever' });
      const id = created.json().id as string;
      const jobs = await api.platform.db.query(`SELECT data FROM pgboss.job WHERE name = 'analysis'`);
      // The job names its environment: the claim shares the workers between environments.
      expect(jobs).toEqual([{ data: { analysisId: id, environmentId: tenants.ids.env } }]);
      const again = await tenants.call('POST', `${url}/${id}/reanalyze`, 'qualifier');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'ANALYSIS_ALREADY_PROCESSING',
        message: 'The analysis is already being processed',
      });
      const aborted = await tenants.call('POST', `${url}/${id}/abort`, 'qualifier');
      expect(aborted.json()).toMatchObject({ status: 'aborted', finishedAt: expect.any(String) });
      expect((await tenants.call('POST', `${url}/${id}/abort`, 'qualifier')).statusCode).toBe(409);
      const redo = await tenants.call('POST', `${url}/${id}/reanalyze`, 'qualifier');
      expect(redo.json()).toMatchObject({ status: 'waiting', finishedAt: null });
      expect(await api.platform.db.query(`SELECT 1 FROM pgboss.job WHERE name = 'analysis'`)).toHaveLength(2);
      expect((await tenants.call('POST', `${url}/${id}/abort`, 'cockpit')).statusCode).toBe(403);
      // Two racing submissions with one Idempotency-Key: one row, and one job for it.
      const key = (
        await tenants.call('POST', `${API}/environments/${tenants.ids.env}/access-keys`, 'configurator', {
          name: 'gateway',
        })
      ).json().secret as string;
      const send = () =>
        api.app.inject({
          method: 'POST',
          url: '/v4/api/analyses',
          headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'order-7' },
          payload: { text: 'Commande 7' },
        });
      const [a, b] = await Promise.all([send(), send()]);
      expect(a.json().id).toBe(b.json().id);
      const itsJobs = await api.platform.db.query(
        `SELECT 1 FROM pgboss.job WHERE name = 'analysis' AND data->>'analysisId' = $1`,
        [a.json().id],
      );
      expect(itsJobs).toHaveLength(1);
    } finally {
      await api.close();
    }
  });

  it('time out into error when no final status comes', async () => {
    const api = await startTestPlatform({ MANUAL_STATUS_TIMEOUT: '1' });
    try {
      const tenants = await buildTenants(api);
      const url = `${API}/environments/${tenants.ids.env}/analyses`;
      const created = await tenants.call('POST', url, 'qualifier', {
        type: 'text',
        text: 'Waiting',
        manualFinalStatus: true,
      });
      const id = created.json().id as string;
      const deadline = Date.now() + 30_000;
      let analysis;
      do {
        await new Promise((r) => setTimeout(r, 200));
        analysis = (await tenants.call('GET', `${url}/${id}/result`, 'qualifier')).json().analysis;
      } while (analysis.status !== 'error' && Date.now() < deadline);
      expect(analysis).toMatchObject({
        status: 'error',
        error: 'No final status was received before the time limit',
        // By code too, for the console to say in the reader's language
        // (docs/decisions/console-failures-by-code.md).
        errorMessage: { code: 'analysisNoFinalStatus' },
      });
    } finally {
      await api.close();
    }
  });

  it('anonymize analyses past the retention: they cannot be opened or reanalyzed, their file is gone', async () => {
    const { anonymizeExpired } = await import('../../server/analyses/retention');
    const env = await acme.fixtures.environment(acme.ids.project, `Short memory ${Date.now()}`);
    await t.platform.db.query(
      `UPDATE environments SET settings = settings || '{"retention":"NoRetention"}' WHERE id = $1`,
      [env],
    );
    const res = await post(
      env,
      { type: 'file' },
      [{ field: 'file', filename: 'n.eml', bytes: corpusBytes('email/nested.eml') }],
      'admin',
    );
    await settled(res.json().id, ['processed'], env);
    expect(await anonymizeExpired(t.platform.db)).toBeGreaterThanOrEqual(1);
    const opened = await acme.call('GET', `${analysesOf(env)}/${res.json().id}/result`, 'admin');
    expect(opened.statusCode).toBe(410);
    expect(opened.json().code).toBe('ANALYSIS_ANONYMIZED');
    expect(
      (await acme.call('POST', `${analysesOf(env)}/${res.json().id}/reanalyze`, 'admin')).statusCode,
    ).toBe(410);
    expect((await acme.call('GET', `${analysesOf(env)}/${res.json().id}/original`, 'admin')).statusCode).toBe(
      410,
    );
    const [row] = await t.platform.db.query<{ result: unknown; blob_id: unknown }>(
      'SELECT result, blob_id FROM analyses WHERE id = $1',
      [res.json().id],
    );
    expect(row).toEqual({ result: null, blob_id: null });
    expect(await t.platform.db.query('SELECT 1 FROM blobs WHERE environment_id = $1', [env])).toHaveLength(0);
  });
});

describe('the public analyses API', () => {
  let key: string;
  let otherKey: string;
  beforeAll(async () => {
    key = (
      await acme.call('POST', `${API}/environments/${acme.ids.env}/access-keys`, 'configurator', {
        name: 'gateway',
      })
    ).json().secret;
    otherKey = (
      await acme.call('POST', `${API}/environments/${acme.ids.hidden}/access-keys`, 'admin', {
        name: 'other',
      })
    ).json().secret;
  });
  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    secret: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${secret}`, ...headers },
      ...(payload ? { payload } : {}),
    });

  it('creates one analysis for one Idempotency-Key, however often and however fast it is sent', async () => {
    const send = () =>
      call('POST', '/v4/api/analyses', key, { text: 'Commande 42' }, { 'idempotency-key': 'order-42' });
    const [a, b] = await Promise.all([send(), send()]);
    const c = await send();
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(c.statusCode).toBe(200);
    expect(new Set([a.json().id, b.json().id, c.json().id]).size).toBe(1);
    const rows = await t.platform.db.query(`SELECT id FROM analyses WHERE idempotency_key = 'order-42'`);
    expect(rows).toHaveLength(1);
    // (Its one job: see 'the lifecycle of an analysis', where no worker takes it.)
    // Another key, another environment: the same key is free there.
    expect(
      (await call('POST', '/v4/api/analyses', otherKey, { text: 'x' }, { 'idempotency-key': 'order-42' }))
        .statusCode,
    ).toBe(201);
  });

  it('reads its own environment’s analyses only', async () => {
    const mine = (await call('POST', '/v4/api/analyses', key, { text: 'Mine' })).json().id as string;
    expect((await call('GET', `/v4/api/analyses/${mine}`, otherKey)).statusCode).toBe(404);
    const read = await call('GET', `/v4/api/analyses/${mine}`, key);
    expect(read.json()).toMatchObject({ id: mine, name: 'Mine' });
    expect((await t.app.inject({ method: 'GET', url: `/v4/api/analyses/${mine}` })).statusCode).toBe(401);
  });

  it('keeps a manual-final-status analysis pending until PATCH marks it finished, with exchangeLabels', async () => {
    const id = (
      await call('POST', '/v4/api/analyses', key, { text: 'Wait for me', manualFinalStatus: true })
    ).json().id as string;
    // The wait ends when it is processed and waits for its final status: the result can be read.
    const status = (await call('GET', `/v4/api/analyses/${id}/status?wait=60`, key)).json();
    expect(status).toMatchObject({ status: 'pending', awaitingFinalStatus: true });
    const body = (await call('GET', `/v4/api/analyses/${id}`, key)).json();
    expect(body).toMatchObject({ status: 'pending', result: { status: 'processed' } });
    const patched = await call('PATCH', `/v4/api/analyses/${id}`, key, { exchangeLabels: ['Résiliation'] });
    expect(patched.json()).toMatchObject({ status: 'processed', exchangeLabels: ['Résiliation'] });
    expect((await call('PATCH', `/v4/api/analyses/${id}`, key, {})).statusCode).toBe(409);
    const plain = (await call('POST', '/v4/api/analyses', key, { text: 'No flag' })).json().id as string;
    expect((await call('PATCH', `/v4/api/analyses/${plain}`, key, {})).json().code).toBe(
      'NO_MANUAL_FINAL_STATUS',
    );
  });

  it('tells a client that its analysis ended without sending the result, and waits for the end on request', async () => {
    const id = (await call('POST', '/v4/api/analyses', key, { text: 'Status, please' })).json().id as string;
    const status = await call('GET', `/v4/api/analyses/${id}/status?wait=60`, key);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ id, status: 'processed', awaitingFinalStatus: false, error: null });
    expect(status.json()).not.toHaveProperty('result');
    expect(status.body.length).toBeLessThan(1000);
    // With the result: once, after the wait.
    const read = await call('GET', `/v4/api/analyses/${id}?wait=60`, key);
    expect(read.json()).toMatchObject({ id, status: 'processed', result: { id, status: 'processed' } });
    // Its job, written by the statement that wrote the row (queue.ts insertJobSql), was taken by the
    // worker's claim (analyses/claim.ts takeBatch): none is left behind.
    const jobs = await t.platform.db.query(
      `SELECT 1 FROM pgboss.job WHERE name = 'analysis' AND data->>'analysisId' = $1`,
      [id],
    );
    expect(jobs).toEqual([]);
    expect((await call('GET', `/v4/api/analyses/${id}/status`, otherKey)).json().code).toBe(
      'ANALYSIS_NOT_FOUND',
    );
    // Submit and wait: one call brings the result.
    const once = await call('POST', '/v4/api/analyses?wait=60', key, { text: 'All at once' });
    expect(once.statusCode).toBe(201);
    expect(once.json()).toMatchObject({
      status: 'processed',
      result: { id: once.json().id, status: 'processed' },
    });
    for (const wait of ['61', 'forever', '-1'])
      expect((await call('GET', `/v4/api/analyses/${id}/status?wait=${wait}`, key)).statusCode).toBe(400);
  });

  it('answers a waiting read as soon as the analysis ends, and at its deadline if it does not', async () => {
    // A row nobody will run (no job): only a user's abort ends it.
    const [{ id }] = await t.platform.db.query<{ id: string }>(
      `INSERT INTO analyses (id, environment_id, name, input_type, input_text)
       VALUES (gen_random_uuid(), $1, 'Stuck', 'text', 'x') RETURNING id`,
      [acme.ids.env],
    );
    const atDeadline = await call('GET', `/v4/api/analyses/${id}/status?wait=1`, key);
    expect(atDeadline.json()).toMatchObject({ id, status: 'waiting', finishedAt: null });
    const started = Date.now();
    const waiting = call('GET', `/v4/api/analyses/${id}?wait=60`, key);
    await new Promise((r) => setTimeout(r, 300));
    await acme.call('POST', `${analysesOf(acme.ids.env)}/${id}/abort`, 'qualifier');
    const ended = await waiting;
    expect(ended.json()).toMatchObject({ id, status: 'aborted', result: null });
    // Told by the abort, not by its 60 s deadline.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('documents the status read and its wait parameter in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v4/docs/json' })).json();
    for (const path of ['/v4/api/analyses/{id}/status', '/v4/api/analyses/{id}']) {
      const get = doc.paths[path].get;
      expect(get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
        expect.arrayContaining(['query:wait', 'path:id']),
      );
      expect(get.responses['200'].content['application/json'].schema.properties).toHaveProperty('status');
    }
    expect(
      doc.paths['/v4/api/analyses/{id}/status'].get.responses['200'].content['application/json'].schema
        .properties,
    ).not.toHaveProperty('result');
  });
});
