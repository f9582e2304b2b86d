import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../schemas/analysis-result';
import type { UseCaseTemplate } from '../../schemas/contracts/configuration';
import { DEFAULT_MAX_CHARACTERS } from '../../server/pipeline/extractor/settings';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';
import { testingCentre } from './support/testing';

/**
 * docs/security.md, 'Large inputs': a text as large as the API takes (25 MB) is read up to the
 * characters the pipeline reads per analysis, the cut said in the extractor's trace; it takes
 * seconds, not minutes, so another organisation's one-line analysis submitted beside it ends
 * within 30 s; and the memory it took is given back.
 */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const MB = 1_048_576;

/** The process's resident memory after garbage collection (the pipeline threads collect their own). */
const settledRss = async () => {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return process.memoryUsage().rss;
};

let t: TestPlatform;
let acme: Tenants;
let key: string;
let rivalKey: string;

const keyOf = async (environment: string, who: 'admin' | 'outsider') => {
  const res = await acme.call('POST', `${API}/environments/${environment}/access-keys`, who, { name: 'k' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().secret as string;
};

beforeAll(async () => {
  // On disk, as a deployment keeps its embedded database: in memory, the 25 MB stored would count.
  t = await startTestPlatform({}, { onDisk: true });
  acme = await buildTenants(t);
  // The insurance template's environment: its NLU server reads what the extractor keeps.
  const [template] = (
    await acme.call('GET', `${API}/use-case-templates`, 'configurator')
  ).json() as UseCaseTemplate[];
  key = await keyOf(await testingCentre(acme, template).templateEnvironment(), 'admin');
  rivalKey = await keyOf(acme.ids.otherEnv, 'outsider');
  // PGlite on disk starts slower than in memory (its first vacuum).
}, 180_000);
afterAll(() => t.close());

const post = (secret: string, body: string, wait = 0) =>
  t.app.inject({
    method: 'POST',
    url: `/v4/api/analyses${wait ? `?wait=${wait}` : ''}`,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    payload: body,
  });

/** `characters` characters on one line: words, no line break (the formatter's worst case). */
const oneLine = (characters: number) => {
  const unit = 'Bonjour, suite au sinistre de ma voiture je vous envoie la facture du garage. ';
  return unit.repeat(Math.ceil(characters / unit.length)).slice(0, characters);
};

/**
 * Submits a text; answers only its analysis's id. A response of `inject` keeps its request, and
 * with it the 25 MB body: it must not outlive this call, or the test would measure its own memory.
 */
const submit = async (secret: string, text: string) => {
  const res = await post(secret, JSON.stringify({ text }));
  expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
  return res.json().id as string;
};

/** The large analysis ended processed, having read the first DEFAULT_MAX_CHARACTERS characters, and says so. */
const expectReadUpToTheBound = async (id: string, characters: number) => {
  const read = await t.app.inject({
    method: 'GET',
    url: `/v4/api/analyses/${id}?wait=60`,
    headers: { authorization: `Bearer ${key}` },
  });
  expect(read.json().status).toBe('processed');
  const result = read.json().result as AnalysisResult;
  const extractor = result.trace.find((e) => e.step === 'extractor')!;
  const left = characters - DEFAULT_MAX_CHARACTERS;
  expect(extractor.messages?.warnings).toContainEqual({
    code: 'warnTextCut',
    params: { max: DEFAULT_MAX_CHARACTERS, left },
  });
  expect(extractor.warnings).toContain(
    `Only the first ${DEFAULT_MAX_CHARACTERS} characters of the text were read; ${left} more were left out`,
  );
  // The result holds what was read, and its blocks end within it: nothing says more was read.
  expect(result.extraction!.pages[0].text).toHaveLength(DEFAULT_MAX_CHARACTERS);
  expect(Math.max(...result.extraction!.blocks.map((b) => b.end))).toBeLessThanOrEqual(
    DEFAULT_MAX_CHARACTERS,
  );
  expect(result.trace.find((e) => e.step === 'nlu')!.status).toBe('done');
};

describe('a 25 MB text through the public API', () => {
  it(
    'is read up to the bound with the cut in its trace, beside a one-line analysis of another organisation that ends within 30 s, and its memory is given back',
    { timeout: 300_000 },
    async () => {
      // A first analysis of each environment: their configurations read, their threads started.
      expect((await post(rivalKey, JSON.stringify({ text: 'Bonjour' }), 30)).json().status).toBe('processed');
      expect((await post(key, JSON.stringify({ text: 'Bonjour' }), 30)).json().status).toBe('processed');
      const before = await settledRss();

      const characters = 25 * 1_000_000;
      const big = submit(key, oneLine(characters));
      // The one-line analysis is submitted while the large one is: it waits 30 s at most for its end.
      const small = await post(rivalKey, JSON.stringify({ text: 'Bonjour, ma facture svp' }), 30);
      expect(small.statusCode, small.body).toBe(201);
      expect(small.json().status).toBe('processed');

      const id = await big;
      await expectReadUpToTheBound(id, characters);
      // The input is kept whole, once: the original a user downloads (its size read without reading it).
      const [{ size }] = await t.platform.db.query<{ size: number }>(
        'SELECT octet_length(input_text) AS size FROM analyses WHERE id = $1',
        [id],
      );
      expect(size).toBe(characters);

      const after = await settledRss();
      const rss = `rss ${Math.round(before / MB)} MB before, ${Math.round(after / MB)} MB after`;
      expect((after - before) / MB, rss).toBeLessThan(200);
    },
  );
});
