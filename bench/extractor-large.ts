/**
 * `npm run bench -- extractor-large`: one text as large as the API takes (25 MB), the figures of
 * docs/security.md, 'Large inputs'. The extractor alone on the whole text (its work must grow with
 * the text, not its square), the language stages per megabyte (what the characters the pipeline
 * reads per analysis, ANALYSIS_MAX_CHARACTERS, are chosen by), the whole pipeline on the 25 MB
 * text within that bound; then through the API and its worker on the database a user would run
 * (BENCH_DATABASE_URL: PostgreSQL, else PGlite): the event loop's longest stall while the text is
 * submitted and analysed, and the memory before and after.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../schemas/extractor-settings';
import type { UseCaseTemplate } from '../schemas/contracts/configuration';
import { runPipeline } from '../server/pipeline/engine';
import { extract } from '../server/pipeline/extractor/extract';
import { DEFAULT_MAX_CHARACTERS } from '../server/pipeline/extractor/settings';
import { EMPTY_LANGUAGE_CONFIG, type PipelineConfig, type PipelineServices } from '../server/pipeline/stage';
import { startTestPlatform } from '../tests/api/support/platform';
import { API, buildTenants } from '../tests/api/support/tenants';
import { loadRuleset, workloadConfig } from './nlu-workload';
import { benchEmails } from './pipeline';
import type { Measurement } from './run';

const CHARACTERS = 25 * 1_000_000;
const MB = 1_048_576;
const services: PipelineServices = {
  ocr: { recognize: () => Promise.reject(new Error('OCR is not part of this measurement')) },
  speech: null,
};
const signal = new AbortController().signal;
const settings = structuredClone(DEFAULT_EXTRACTOR_SETTINGS);

/** Words on one line, no line break: every block is cut at a space (the formatter's worst case). */
const oneLine = (characters: number) => {
  const unit = 'Bonjour, suite au sinistre de ma voiture je vous envoie la facture du garage. ';
  return unit.repeat(Math.ceil(characters / unit.length)).slice(0, characters);
};

/** Seconds of this thread's CPU that `f` takes. */
const cpuSeconds = async (f: () => Promise<unknown>) => {
  const before = process.cpuUsage();
  await f();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1e6;
};
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The workload's emails' text (bench/workload), end to end up to `characters`: what the NLU reads. */
const workloadText = (characters: number) => {
  const decoder = new TextDecoder();
  const bodies = benchEmails(400).map((f) =>
    decoder
      .decode(f.bytes)
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n'),
  );
  let text = bodies.join('\n');
  while (text.length < characters) text += `\n${text}`;
  return text.slice(0, characters);
};

const inProcess = async () => {
  const text = oneLine(CHARACTERS);
  const lines = text.replace(/\. /g, '.\n');
  // The whole text, no bound: the extractor's own work.
  const whole = { maxCharacters: Number.MAX_SAFE_INTEGER };
  const extractorOneLine = await cpuSeconds(() =>
    extract({ kind: 'text', text }, settings, services, signal, whole),
  );
  const extractorLines = await cpuSeconds(() =>
    extract({ kind: 'text', text: lines }, settings, services, signal, whole),
  );
  const { nlu, categorisation } = workloadConfig(loadRuleset());
  const config: PipelineConfig = {
    extractor: settings,
    languages: ['gb'],
    ...EMPTY_LANGUAGE_CONFIG,
    nlu,
    categorisation,
  };
  const pipeline = (input: string) =>
    runPipeline(
      'bench',
      { kind: 'text', name: 'large', text: input, metadata: {} },
      config,
      services,
      signal,
    );
  const megabyte = workloadText(MB);
  await pipeline(megabyte); // the NLU server compiled, the code warm
  const languagePerMb = await cpuSeconds(() => pipeline(megabyte));
  const bounded = await cpuSeconds(() => pipeline(workloadText(CHARACTERS)));
  return { extractorOneLine, extractorLines, languagePerMb, bounded };
};

/** Resident memory after garbage collection, in MB. */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const settledRss = async () => {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return process.memoryUsage().rss / MB;
};

/** The 25 MB text through the public API and the worker, with the insurance template's NLU. */
const throughApi = async () => {
  const previous = process.env.TEST_DATABASE_URL;
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  // PGlite on disk, as a deployment keeps it: in memory, the 25 MB stored would count as memory.
  const t = await startTestPlatform({}, { onDisk: true });
  if (previous === undefined) delete process.env.TEST_DATABASE_URL;
  try {
    const tenants = await buildTenants(t);
    const [template] = (
      await tenants.call('GET', `${API}/use-case-templates`, 'configurator')
    ).json() as UseCaseTemplate[];
    const env = (
      await tenants.call('POST', `${API}/projects/${tenants.ids.project}/environments/import`, 'admin', {
        name: 'Insurance',
        configuration: template.configuration,
      })
    ).json().id as string;
    const key = (
      await tenants.call('POST', `${API}/environments/${env}/access-keys`, 'admin', { name: 'bench' })
    ).json().secret as string;
    const post = (body: string, wait: number) =>
      t.app.inject({
        method: 'POST',
        url: `/v4/api/analyses?wait=${wait}`,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: body,
      });
    await post(JSON.stringify({ text: 'Bonjour' }), 30);
    const before = await settledRss();
    const body = JSON.stringify({ text: oneLine(CHARACTERS) });
    // One histogram over the submission and the analysis, read once the loop has turned again: a
    // stall is recorded when the loop gets back to its timer, after the call that blocked it.
    const stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
    const started = performance.now();
    const id = (await post(body, 0)).json().id as string;
    const submittedMs = performance.now() - started;
    const status = await t.app.inject({
      method: 'GET',
      url: `/v4/api/analyses/${id}/status?wait=60`,
      headers: { authorization: `Bearer ${key}` },
    });
    const endedSeconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 50));
    stalls.disable();
    const stall = stalls.max / 1e6;
    const after = await settledRss();
    return {
      database: t.platform.db.kind,
      status: status.json().status as string,
      submittedMs,
      stall,
      endedSeconds,
      before,
      after,
    };
  } finally {
    await t.close();
  }
};

export const extractorLargeBenchmarks = async (): Promise<Measurement[]> => {
  const local = await inProcess();
  const api = await throughApi();
  const db = api.database;
  return [
    {
      name: 'extractor, 25 MB text on one line, whole',
      value: round(local.extractorOneLine),
      unit: 's CPU',
      target: '≤ 5',
    },
    { name: 'extractor, 25 MB text in lines, whole', value: round(local.extractorLines), unit: 's CPU' },
    {
      name: 'pipeline with NLU (workload ruleset), per MB of text',
      value: round(local.languagePerMb),
      unit: 's CPU',
    },
    {
      name: `pipeline with NLU, 25 MB text cut at ${DEFAULT_MAX_CHARACTERS} characters`,
      value: round(local.bounded),
      unit: 's CPU',
    },
    { name: `API: 25 MB text submitted (${db})`, value: Math.round(api.submittedMs), unit: 'ms' },
    {
      name: `API: longest event-loop stall while it is submitted and analysed (${db})`,
      value: Math.round(api.stall),
      unit: 'ms',
      target: '≤ 100',
    },
    { name: `API: submitted to ${api.status} (${db})`, value: round(api.endedSeconds, 1), unit: 's' },
    {
      name: `API: memory after the analysis, over before, GC'd (${db}; ${Math.round(api.before)} MB before)`,
      value: Math.round(api.after - api.before),
      unit: 'MB rss',
      target: '≤ 200',
    },
  ];
};
