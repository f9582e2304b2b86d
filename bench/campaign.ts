import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { createScratchDatabase } from '../tests/support/scratch-database';
import { buildApp } from '../server/app';
import { hashPassword } from '../server/auth/passwords';
import { loadConfig } from '../server/kernel/config';
import { openDatabase, type Db } from '../server/kernel/db';
import { USE_CASE_TEMPLATES, templateByKey } from '../server/environments/templates';
import { createLogger } from '../server/kernel/logger';
import { CORPUS_DIR } from '../server/pipeline/extractor/test-support/corpus';
import { startPlatform } from '../server/platform';
import { insertBankMessage, type NewBankMessage } from '../server/testing/bank-messages-table';
import type { ImpactPreview } from '../schemas/contracts/testing';
import type { TestScores } from '../server/testing/campaign';
import { databaseServerCpuSeconds, median } from './process';
import type { Measurement } from './run';

const BANK = 10_000;
const BIG_BANK = 100_000;
const INSERT_CHUNK = 500;
/** Tags that each hold a tenth of the bank, for the filtered list. */
const SLICES = 10;
const API = '/v4/console/api';
/** A campaign still running after this long is reported as it stands. */
const GIVE_UP_MS = 30 * 60_000;

type Seed = Omit<NewBankMessage, 'projectId' | 'tags'>;
const MAIL_DATE = new Date('2024-05-14T09:00:00Z');

/** A template sample as the simulated mail the bank's upload route composes (analyses/intake.ts). */
const asMail = async (subject: string, text: string): Promise<Uint8Array> => {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
  const mail = { from: 'client@example.com', to: 'service@example.com', subject, text, date: MAIL_DATE };
  const built = await new MailComposer(mail).compile().build();
  return new Uint8Array(built.buffer, built.byteOffset, built.byteLength);
};

const expecting = (categories: string[]) => ({
  expected: { categories },
  qualification: { categories: 'qualified' },
});

/**
 * The messages the bank cycles through, deterministically: every template's samples as simulated
 * mails and as pasted texts, each expecting its categories, and the corpus's emails and .msg files
 * (attachments included), expecting the insurance template's default category.
 */
const seeds = async (): Promise<Seed[]> => {
  const samples = USE_CASE_TEMPLATES.flatMap((t) => t.samples);
  const seeds: Seed[] = [];
  for (const s of samples) {
    const bytes = await asMail(s.subject, s.text);
    const file = { filename: 'simulated-mail.eml', mime: 'message/rfc822', bytes };
    seeds.push({ name: s.subject, inputType: 'mail', file, ...expecting(s.expected) });
  }
  for (const s of samples) {
    seeds.push({
      name: s.name,
      inputType: 'text',
      text: `${s.subject}\n\n${s.text}`,
      ...expecting(s.expected),
    });
  }
  for (const folder of ['email', 'msg']) {
    for (const filename of fs.readdirSync(path.join(CORPUS_DIR, folder)).sort()) {
      const bytes = new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, folder, filename)));
      const mime = folder === 'email' ? 'message/rfc822' : 'application/vnd.ms-outlook';
      seeds.push({
        name: filename,
        inputType: 'file',
        file: { filename, mime, bytes },
        ...expecting(['Other']),
      });
    }
  }
  return seeds;
};

/** Fills the bank: message i is seed i mod n, tagged `campaign` and one of SLICES slices. */
const fillBank = async (db: Db, projectId: string, count: number) => {
  const pool = await seeds();
  for (let start = 0; start < count; start += INSERT_CHUNK) {
    await db.transaction(async (tx) => {
      for (let i = start; i < Math.min(count, start + INSERT_CHUNK); i++) {
        const seed = pool[i % pool.length];
        await insertBankMessage(tx, {
          ...seed,
          projectId,
          name: `${seed.name} #${i + 1}`,
          tags: ['campaign', `slice-${i % SLICES}`],
        });
      }
    });
  }
  return pool.length;
};

/**
 * The bank grown to BIG_BANK with pasted texts made in one statement (rows of the list's shape, the
 * heavy content of files being stored apart from the rows anyway), older than the first ones.
 */
const growBank = async (db: Db, projectId: string, from: number) => {
  const texts = USE_CASE_TEMPLATES.flatMap((t) => t.samples);
  await db.query(
    `INSERT INTO bank_messages (id, project_id, name, input_type, size, input_text, tags, expected, qualification,
                                qualification_status, created_at, updated_at)
     SELECT gen_random_uuid(), $1, s.subject || ' #' || g, 'text', octet_length(s.text), s.text,
            ARRAY['archive', 'slice-' || (g % ${SLICES})], jsonb_build_object('categories', s.expected),
            '{"categories": "qualified"}', 'qualified', now() - g * interval '1 second', now() - g * interval '1 second'
     FROM generate_series(${from + 1}, ${BIG_BANK}) g
     JOIN jsonb_to_recordset($2::jsonb) AS s(n int, subject text, text text, expected jsonb) ON s.n = g % $3`,
    [
      projectId,
      JSON.stringify(texts.map((s, n) => ({ n, subject: s.subject, text: s.text, expected: s.expected }))),
      texts.length,
    ],
  );
};

const timed = async <T>(fn: () => Promise<T>) => {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
};

/** A call of the API as the bench's user; answers the parsed body (typed by the caller) and its size. */
type Caller = <T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => Promise<{ body: T; bytes: number }>;

/** An organisation administrator signed in through the real endpoint, and a caller of the API as them. */
const signedIn = async (db: Db, app: FastifyInstance) => {
  const [orgId, projectId, userId] = [randomUUID(), randomUUID(), randomUUID()];
  await db.query(
    `WITH org AS (INSERT INTO organisations (id, name) VALUES ($1, 'Bench')),
          project AS (INSERT INTO projects (id, organisation_id, name) VALUES ($2, $1, 'Bench')),
          u AS (INSERT INTO users (id, username, email, password_hash) VALUES ($3, 'bench', 'bench@example.test', $4))
     INSERT INTO memberships (organisation_id, user_id, is_admin) VALUES ($1, $3, true)`,
    [orgId, projectId, userId, await hashPassword('Bench-Password-1')],
  );
  const login = await app.inject({
    method: 'POST',
    url: '/api/login_check',
    payload: { username: 'bench', password: 'Bench-Password-1' },
  });
  const authorization = `Bearer ${login.json<{ token: string }>().token}`;
  const call: Caller = async (method, url, payload) => {
    const res = await app.inject({ method, url, headers: { authorization }, payload });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return { body: res.json<never>(), bytes: res.rawPayload.length };
  };
  return { projectId, call };
};

/** The median of five calls of one API read, in ms, after one not counted (whose answer is kept). */
const medianRead = async <T>(call: Caller, url: string) => {
  const { body, bytes } = await call<T>('GET', url);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) times.push((await timed(() => call('GET', url))).ms);
  return { ms: Math.round(median(times) * 10) / 10, bytes, body };
};

/**
 * Launches a test of the whole bank and reads it every 500 ms, as the console's progress bar does,
 * until it ends; notes when every analysis was created and when every analysis ended.
 */
const runCampaign = async (
  db: Db,
  call: Caller,
  projectId: string,
  environmentId: string,
  say: (line: string) => void,
) => {
  const tests = `${API}/projects/${projectId}/tests`;
  const started = performance.now();
  const since = () => (performance.now() - started) / 1000;
  type Test = { id: string; status: string; done: number; total: number };
  const launched = await timed(() =>
    call<Test>('POST', tests, { tag: 'campaign', environmentId, manualStatusUpdate: 'disabled' }),
  );
  const testId = launched.value.body.id;
  let test = launched.value.body;
  const phases: { created?: number; analysed?: number } = {};
  let said = 0;
  while (test.status === 'running' && since() * 1000 < GIVE_UP_MS) {
    await new Promise((r) => setTimeout(r, 500));
    test = (await call<Test>('GET', `${tests}/${testId}`)).body;
    const [probe] = await db.query<{ unlaunched: number; running: number }>(
      `SELECT (SELECT count(*)::int FROM test_items WHERE test_id = $1 AND analysis_id IS NULL) AS unlaunched,
              (SELECT count(*)::int FROM analyses WHERE environment_id = $2 AND status IN ('waiting', 'pending')) AS running`,
      [testId, environmentId],
    );
    if (phases.created === undefined && probe.unlaunched === 0) phases.created = since();
    if (phases.created !== undefined && phases.analysed === undefined && probe.running === 0)
      phases.analysed = since();
    if (since() - said >= 10) {
      said = since();
      say(`${Math.round(said)} s: ${test.done} / ${test.total} collected, ${probe.running} analyses to run`);
    }
  }
  say(`${test.status} after ${Math.round(since())} s`);
  return { testId, status: test.status, seconds: since(), launchMs: launched.ms, ...phases };
};

/** The campaign's rule edit: the termination rule switched off. */
const ruleEdit = async (call: Caller, environmentId: string) => {
  type Category = { id: string; name: string; rules: Record<string, unknown>[] };
  const categories = (await call<Category[]>('GET', `${API}/environments/${environmentId}/categories`)).body;
  const termination = categories.find((c) => c.name === 'Contract termination')!;
  return {
    resource: 'category',
    id: termination.id,
    data: { ...termination, rules: termination.rules.map((r) => ({ ...r, enabled: false })) },
  };
};

/** The campaign's archetype edit: the archetype of ending a contract keeps one word no mail says. */
const archetypeEdit = async (call: Caller, environmentId: string) => {
  type Archetype = { id: string; name: string };
  const archetypes = (
    await call<Archetype[]>('GET', `${API}/environments/${environmentId}/archetypes?perPage=500`)
  ).body;
  const terminate = archetypes.find((a) => a.name === 'terminate')!;
  return {
    resource: 'archetype',
    id: terminate.id,
    data: { ...terminate, expressions: [{ type: 'term', value: 'zzyzx' }] },
  };
};

/**
 * The impact preview of one edit on the campaign's run, through the API as the configuration page
 * asks for it: the median of three, and the longest stall of the event loop while they ran.
 */
const impactPreview = async (call: Caller, environmentId: string, body: Record<string, unknown>) => {
  const url = `${API}/environments/${environmentId}/impact-preview`;
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const times: number[] = [];
  let answer: ImpactPreview | undefined;
  for (let i = 0; i < 3; i++) {
    const { ms, value } = await timed(() => call<ImpactPreview>('POST', url, body));
    times.push(ms);
    answer = value.body;
  }
  stalls.disable();
  return {
    ms: Math.round(median(times)),
    stallMs: Math.round(stalls.max / 1e6),
    compared: answer?.messages.compared ?? -1,
    lost: answer?.lost ?? -1,
  };
};

const measure = (name: string, value: number, unit: string, target?: string): Measurement => ({
  name,
  value,
  unit,
  ...(target ? { target } : {}),
});
const round1 = (n: number | undefined) => (n === undefined ? -1 : Math.round(n * 10) / 10);
const cpuSeconds = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1e6;

const listUrl = (projectId: string, filter: Record<string, unknown>) =>
  `${API}/projects/${projectId}/messages?sort=${encodeURIComponent(JSON.stringify(['createdAt', 'DESC']))}` +
  `&range=${encodeURIComponent(JSON.stringify([0, 24]))}&filter=${encodeURIComponent(JSON.stringify(filter))}`;

/**
 * The bank's first list page, newest first, whole and filtered by a tag that a tenth carry; and the
 * testing centre's other pages that read the whole bank: the qualification overview (whole and of
 * a tag) and the test sets.
 */
const listPages = async (call: Caller, projectId: string, size: number): Promise<Measurement[]> => {
  const pages: [string, string, string?][] = [
    ['bank list page (25, newest first)', listUrl(projectId, {}), '≤ 100 ms'],
    ['bank list page filtered by a tag (a tenth)', listUrl(projectId, { tags: 'slice-3' }), '≤ 100 ms'],
    ['qualification overview of the bank', `${API}/projects/${projectId}/qualification`],
    ['qualification overview of a tag (a tenth)', `${API}/projects/${projectId}/qualification?tag=slice-3`],
    ['test sets list', `${API}/projects/${projectId}/test-sets`],
  ];
  const measured: Measurement[] = [];
  for (const [what, url, target] of pages) {
    const { ms } = await medianRead(call, url);
    measured.push(measure(`${what}, ${size.toLocaleString('en')} messages`, ms, 'ms', target));
  }
  return measured;
};

/**
 * docs/performance.md, "Campaign": a 10,000-message bank run end to end through the queue (the API
 * launches, the platform's own worker runs the analyses and the test's jobs, in this process), then
 * the results page's data and the bank's list pages, at 10,000 and 100,000 messages. PGlite, or a
 * scratch database on the PostgreSQL server of BENCH_DATABASE_URL.
 */
export const campaignBenchmarks = async (): Promise<Measurement[]> => {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'bench') : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-campaign-'));
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://console.bench',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...(process.env.ANALYSIS_BATCH ? { ANALYSIS_BATCH: process.env.ANALYSIS_BATCH } : {}),
    ...(process.env.ANALYSIS_THREADS ? { ANALYSIS_THREADS: process.env.ANALYSIS_THREADS } : {}),
  });
  const db = await openDatabase(config);
  const platform = await startPlatform(config, createLogger(config), { worker: true }, db);
  const app = await buildApp(platform);
  await app.ready();
  const label = db.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const say = (line: string) => process.stderr.write(`  campaign, ${label}: ${line}\n`);
  try {
    const { projectId, call } = await signedIn(db, app);
    const { configuration } = templateByKey('insurance:meeting')!;
    const imported = `${API}/projects/${projectId}/environments/import`;
    const environment = await call<{ id: string }>('POST', imported, { name: 'Insurance', configuration });
    const bank = await timed(() => fillBank(db, projectId, BANK));
    await db.query('ANALYZE bank_messages');
    say(`bank of ${BANK} filled in ${Math.round(bank.ms / 1000)} s (${bank.value} distinct messages)`);

    const cpu = process.cpuUsage();
    const serverCpu = scratch ? databaseServerCpuSeconds() : null;
    const run = await runCampaign(db, call, projectId, environment.body.id, say);
    const processCpu = cpuSeconds(process.cpuUsage(cpu));
    const serverAfter = serverCpu === null ? null : databaseServerCpuSeconds();
    const serverUsed = serverCpu === null || serverAfter === null ? null : serverAfter - serverCpu;

    const test = `${API}/projects/${projectId}/tests/${run.testId}`;
    const scores = await medianRead<{ scores: TestScores | null }>(call, `${test}/scores`);
    const messages = scores.body.scores?.messages;
    const progress = await medianRead(call, test);
    const impact = await impactPreview(call, environment.body.id, await ruleEdit(call, environment.body.id));
    const nluImpact = await impactPreview(
      call,
      environment.body.id,
      await archetypeEdit(call, environment.body.id),
    );
    const atBank = await listPages(call, projectId, BANK);
    const grown = await timed(() => growBank(db, projectId, BANK));
    await db.query('ANALYZE bank_messages');
    say(`bank grown to ${BIG_BANK} in ${Math.round(grown.ms / 1000)} s`);
    const atBigBank = await listPages(call, projectId, BIG_BANK);

    const campaign = `campaign of ${BANK.toLocaleString('en')} messages, launch to ${run.status}`;
    const cpuName = `… CPU of this process (API, worker, pipeline threads${scratch ? '' : ', database'})`;
    const ended = messages ? `/ ${messages.error} / ${messages.notRun}` : '(no scores)';
    const results = `results page data (tests/{id}/scores, ${Math.round(scores.bytes / 1024)} KB), median of 5`;
    return [
      measure(campaign, round1(run.seconds), 's', '≤ 60 s'),
      measure('… launch request (POST tests)', Math.round(run.launchMs), 'ms'),
      measure('… every analysis created', round1(run.created), 's'),
      measure('… every analysis ended', round1(run.analysed), 's'),
      measure(cpuName, round1(processCpu), 's'),
      ...(serverUsed === null ? [] : [measure('… CPU of the PostgreSQL server', round1(serverUsed), 's')]),
      measure('… messages done / error / not run', messages?.done ?? -1, ended),
      measure(results, scores.ms, 'ms', '≤ 300 ms'),
      measure('test progress read (tests/{id}), median of 5', progress.ms, 'ms'),
      measure(
        `impact preview of one rule edit (${impact.compared.toLocaleString('en')} messages, ${impact.lost} lost), median of 3`,
        impact.ms,
        'ms',
        '≤ 2,000 ms',
      ),
      measure('… longest event-loop stall during the previews', impact.stallMs, 'ms', '≤ ~100 ms'),
      measure(
        `impact preview of one archetype edit, NLU run again (${nluImpact.compared.toLocaleString('en')} messages, ${nluImpact.lost} lost), median of 3`,
        nluImpact.ms,
        'ms',
      ),
      measure('… longest event-loop stall during the previews', nluImpact.stallMs, 'ms', '≤ ~100 ms'),
      ...atBank,
      ...atBigBank,
      measure(`bank of ${BANK.toLocaleString('en')} inserted`, round1(bank.ms / 1000), 's'),
    ].map((m) => ({ ...m, name: `${label}: ${m.name}` }));
  } finally {
    await app.close();
    await platform.stop();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};
