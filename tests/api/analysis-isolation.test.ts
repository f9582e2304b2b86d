import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedAttachment } from '../../schemas/analysis-result';
import type { UseCaseTemplate } from '../../schemas/contracts/configuration';
import { getAnalysis } from '../../server/analyses/repository';
import { corpusBytes } from '../../server/pipeline/extractor/test-support/corpus';
import { postAnalysisForm, waitForAnalysis } from './support/analyses';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';

/**
 * docs/security.md, "A hostile input fails its own analysis, and nothing else": no input stops the
 * API answering, since analyses run in pipeline threads (server/pipeline-threads/). A probe asks
 * /healthz every 50 ms while hostile but legal analyses run, and records the longest time between
 * two answers: how long the API stalled, as a client sees it (a blocked event loop delays the
 * probe's timer as much as its request).
 */
const healthProbe = (app: FastifyInstance) => {
  let longestGap = 0;
  let answers = 0;
  let running = true;
  const done = (async () => {
    let last = performance.now();
    while (running) {
      const res = await app.inject({ method: 'GET', url: '/healthz' }).catch(() => null);
      if (!res) break;
      expect(res.statusCode).toBe(200);
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      answers++;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return { slowest: longestGap, answers };
    },
  };
};

/** An environment made from the insurance template: its NLU server reads every text with typo tolerance. */
const templateEnvironment = async (t: TestPlatform, tenants: Tenants) => {
  const [template] = (
    await tenants.call('GET', `${API}/use-case-templates`, 'configurator')
  ).json() as UseCaseTemplate[];
  const created = await tenants.call(
    'POST',
    `${API}/projects/${tenants.ids.project}/environments/import`,
    'admin',
    {
      name: `Insurance ${Math.random()}`,
      configuration: template.configuration,
    },
  );
  expect(created.statusCode, created.body).toBe(201);
  return { env: created.json().id as string, sample: template.samples.find((s) => s.language === 'fr')! };
};

const submit = async (
  t: TestPlatform,
  tenants: Tenants,
  env: string,
  fields: Record<string, string>,
  file?: { filename: string; bytes: Uint8Array },
) => {
  const res = await postAnalysisForm(
    t.app,
    `${API}/environments/${env}/analyses`,
    tenants.auth.admin,
    fields,
    file ? [{ field: 'file', ...file }] : [],
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};

const finished = (t: TestPlatform, tenants: Tenants, env: string, id: string, ms = 120_000) =>
  waitForAnalysis(
    async () =>
      (await tenants.call('GET', `${API}/environments/${env}/analyses/${id}/result`, 'admin')).json(),
    { ms },
  );

/** An email whose body is the template's sample repeated up to `bytes`: text the NLU reads word by word. */
const largeEmail = (sample: string, bytes: number) => {
  const unit = `${sample}\r\n`;
  return new TextEncoder().encode(
    `From: client@example.com\r\nTo: service@example.com\r\nSubject: Sinistre\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${unit.repeat(Math.ceil(bytes / unit.length))}`,
  );
};

describe('an analysis never stops the API answering', () => {
  let t: TestPlatform;
  let acme: Tenants;
  beforeAll(async () => {
    // A stall window far shorter than the large text's analysis: its heartbeat must go on meanwhile.
    // The whole 20 MB are read (docs/security.md, 'Large inputs': by default only the first 2,000,000
    // characters would be, in less than the window).
    t = await startTestPlatform({ ANALYSIS_STALL: '2', ANALYSIS_MAX_CHARACTERS: '25000000' });
    acme = await buildTenants(t);
  });
  afterAll(() => t.close());

  it(
    'one long word in a pasted text, one 1,000,000-character subject: /healthz answers within 1 s throughout, both are analysed',
    { timeout: 180_000 },
    async () => {
      const { env, sample } = await templateEnvironment(t, acme);
      const probe = healthProbe(t.app);
      const word = 'a'.repeat(1800);
      const pasted = await submit(t, acme, env, {
        type: 'text',
        text: `${sample.text} ${word} ${sample.text}`,
      });
      const eml = new TextEncoder().encode(
        `From: client@example.com\r\nTo: service@example.com\r\nSubject: ${'b'.repeat(1_000_000)}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${sample.text}\r\n`,
      );
      const mail = await submit(t, acme, env, { type: 'file' }, { filename: 'long-subject.eml', bytes: eml });
      const [a, b] = [await finished(t, acme, env, pasted), await finished(t, acme, env, mail)];
      const { slowest, answers } = await probe.stop();
      expect(answers).toBeGreaterThan(5);
      expect(slowest).toBeLessThan(1000);
      // The words around the long one are read as ever: the sample's categories.
      expect([a.analysis.status, b.analysis.status]).toEqual(['processed', 'processed']);
      expect(a.result!.categories.map((c) => c.name).sort()).toEqual([...sample.expected].sort());
    },
  );

  it(
    'a large legal text is analysed once, not queued again while it runs past the stall window',
    { timeout: 240_000 },
    async () => {
      const { env, sample } = await templateEnvironment(t, acme);
      // 20 MB, under the 25 MB upload limit: it used to block its process for minutes, then fail
      // with a stack overflow; a worker elsewhere would have queued it again meanwhile.
      const bytes = largeEmail(sample.text, 20 * 1_048_576);
      const id = await submit(t, acme, env, { type: 'file' }, { filename: 'large.eml', bytes });
      const read = await finished(t, acme, env, id, 200_000);
      expect([read.analysis.status, read.analysis.error]).toEqual(['processed', null]);
      expect((await getAnalysis(t.platform.db, id))!.attempts).toBe(1);
      // Read whole: its categories are the sample's; the stored result keeps 10,000 interactions.
      expect(read.result!.categories.map((c) => c.name).sort()).toEqual([...sample.expected].sort());
      expect(read.result!.nlu.interactions).toHaveLength(10_000);
      expect(read.result!.trace.find((s) => s.step === 'nlu')!.warnings.join(' ')).toMatch(
        /more interactions were found; the result keeps the first 10000/,
      );
    },
  );
});

describe('the test pages read in a pipeline thread', () => {
  let t: TestPlatform;
  let acme: Tenants;
  beforeAll(async () => {
    t = await startTestPlatform();
    acme = await buildTenants(t);
  });
  afterAll(() => t.close());

  it('the extractor test page reads a file there, and names a file it cannot read', async () => {
    const { env } = await templateEnvironment(t, acme);
    const read = (filename: string, bytes: Uint8Array) =>
      postAnalysisForm(t.app, `${API}/environments/${env}/extractor-test`, acme.auth.admin, {}, [
        { field: 'file', filename, bytes },
      ]);
    const pdf = await read('trivial.pdf', corpusBytes('pdf/002-trivial-libre-office-writer.pdf'));
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json().extraction.pages[0].text).toContain('Stet clita kasd gubergren');
    const broken = await read('broken.pdf', new TextEncoder().encode('%PDF-1.4 not really'));
    expect([broken.statusCode, broken.json().code]).toEqual([422, 'EXTRACTION_FAILED']);
    // pdf.js's own words travel only as the detail of a coded reason the console translates.
    const { message, params } = broken.json() as { message: string; params: Record<string, unknown> };
    expect(params.trace).toEqual({ code: 'parsePdfDamagedDetail', params: { detail: expect.any(String) } });
    expect(message).toBe(
      `The PDF is damaged or truncated (${(params.trace as { params: { detail: string } }).params.detail})`,
    );
  });

  it('the extractor test page says what was left out by code, beside the English', async () => {
    const { env } = await templateEnvironment(t, acme);
    const settingsUrl = `${API}/environments/${env}/extractor-settings`;
    const settings = (await acme.call('GET', settingsUrl, 'configurator')).json() as {
      email: Record<string, unknown>;
    };
    const saved = await acme.call('PUT', settingsUrl, 'configurator', {
      ...settings,
      email: { ...settings.email, ignoredExtensions: ['bin'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const boundary = 'b0undary';
    const attachment = (filename: string, body: string) =>
      `--${boundary}\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="${filename}"\r\n\r\n${body}\r\n`;
    const eml = [
      'From: claims@example.com',
      'Subject: Files',
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}\r\nContent-Type: text/plain\r\n\r\nSee the files.\r\n` +
        attachment('notes.xyz', 'some notes') +
        attachment('scan.pdf', '%PDF-1.4 not really') +
        attachment('blob.bin', 'ignored') +
        `--${boundary}--\r\n`,
    ].join('\r\n');
    const res = await postAnalysisForm(
      t.app,
      `${API}/environments/${env}/extractor-test`,
      acme.auth.admin,
      {},
      [{ field: 'file', filename: 'files.eml', bytes: new TextEncoder().encode(eml) }],
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as {
      warnings: string[];
      warningMessages: unknown[];
      extraction: { attachments: ExtractedAttachment[] };
    };
    expect(answer.warnings).toEqual(['Attachment blob.bin skipped: .bin files are ignored']);
    expect(answer.warningMessages).toEqual([
      { code: 'warnAttachmentIgnored', params: { filename: 'blob.bin', extension: 'bin' } },
    ]);
    const [notes, scan] = answer.extraction.attachments;
    expect([notes.warnings, notes.messages]).toEqual([
      ['Not read: files ending in .xyz are not supported'],
      { warnings: [{ code: 'warnAttachmentUnsupported', params: { extension: 'xyz' } }], error: null },
    ]);
    expect(scan.messages?.error).toEqual({
      code: 'parsePdfDamagedDetail',
      params: { detail: expect.any(String) },
    });
    expect(scan.error).toBe(`The PDF is damaged or truncated (${scan.messages?.error?.params?.detail})`);
  });

  it('the NLU test page reads a long word without delay, and still finds the words around it', async () => {
    const { env, sample } = await templateEnvironment(t, acme);
    const servers = (await acme.call('GET', `${API}/environments/${env}/servers`, 'configurator')).json() as {
      id: string;
    }[];
    const probe = healthProbe(t.app);
    const res = await acme.call('POST', `${API}/environments/${env}/nlu-test`, 'configurator', {
      text: `${sample.text} ${'z'.repeat(5000)}`,
      servers: servers.map((s) => s.id),
    });
    const { slowest } = await probe.stop();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().servers[0].interactions.length).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(1000);
  });
});

describe('the time limit', () => {
  let t: TestPlatform;
  let acme: Tenants;
  beforeAll(async () => {
    // Read whole, the 20 MB email keeps its analysis busy well past the limit.
    t = await startTestPlatform({ ANALYSIS_TIME_LIMIT: '1', ANALYSIS_MAX_CHARACTERS: '25000000' });
    acme = await buildTenants(t);
  });
  afterAll(() => t.close());

  it(
    'stops an analysis busy without a pause past it, with its message; the next analysis is processed',
    { timeout: 180_000 },
    async () => {
      const { env, sample } = await templateEnvironment(t, acme);
      const bytes = largeEmail(sample.text, 20 * 1_048_576);
      const id = await submit(t, acme, env, { type: 'file' }, { filename: 'huge.eml', bytes });
      const read = await finished(t, acme, env, id);
      expect([read.analysis.status, read.analysis.error]).toEqual([
        'error',
        'The analysis took longer than its time limit of 1 s',
      ]);
      const next = await submit(t, acme, env, { type: 'text', text: sample.text });
      expect((await finished(t, acme, env, next)).analysis.status).toBe('processed');
    },
  );
});
