import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../schemas/analysis-result';
import { waitForAnalysis } from './support/analyses';
import { createCancellationNlu } from './support/nlu-config';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;
let env: string;
const url = (path: string) => `${API}/environments/${env}/${path}`;
const create = async (path: string, body: object) => {
  const res = await acme.call('POST', url(path), 'configurator', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
};
const analyse = async (text: string) => {
  const res = await acme.call('POST', url('analyses'), 'qualifier', { type: 'text', text });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  const read = await waitForAnalysis(async () =>
    (await acme.call('GET', url(`analyses/${id}/result`), 'qualifier')).json(),
  );
  return { id, result: read.result as AnalysisResult };
};
const list = async (role: 'qualifier' | 'cockpit' = 'qualifier') =>
  acme.call('GET', url('nlu-labelling'), role);
const label = (id: string, verdicts: string[], role: 'qualifier' | 'cockpit' = 'qualifier') =>
  acme.call('PUT', url(`analyses/${id}/nlu-labelling`), role, { verdicts });

let server: string;
beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  env = acme.ids.env;
  // Used by no interaction: the labelling view still shows its words.
  await create('archetypes', { name: 'politeness', expressions: [{ type: 'term', value: 'bonjour' }] });
  server = await createCancellationNlu(create);
});
afterAll(() => t.close());

describe('the NLU labelling view, through the API', () => {
  it('keeps no labels and lists nothing while no server has the labeling flag', async () => {
    const { result } = await analyse('Bonjour, je veux résilier mon contrat.');
    expect(result.nlu.labels).toBeUndefined();
    expect((await list()).json()).toEqual({
      items: [],
      totals: { analyses: 0, labelled: 0, right: 0, wrong: 0 },
    });
  });

  it('labels every archetype a labelling server found, takes verdicts and counts them', async () => {
    const patched = await acme.call('PUT', url(`servers/${server}`), 'configurator', { labeling: true });
    expect(patched.statusCode, patched.body).toBe(200);
    const first = await analyse('Bonjour, je veux résilier mon contrat.');
    expect(first.result.nlu.labels).toEqual([
      expect.objectContaining({
        server: 'main',
        source: 'message',
        text: 'Bonjour',
        archetype: 'politeness',
      }),
      expect.objectContaining({ text: 'résilier', archetype: 'cancel', via: 'résilier', approximate: false }),
      expect.objectContaining({ text: 'contrat', archetype: 'contract' }),
    ]);
    expect(first.result.nlu.interactions).toHaveLength(1);
    const second = await analyse('Bonjour, rien à signaler.');
    expect(second.result.nlu.interactions).toHaveLength(0);

    const listed = (await list()).json();
    expect(listed.items.map((i: { id: string }) => i.id)).toEqual([second.id, first.id]);
    expect(listed.items[1]).toMatchObject({ labelling: 'to_label', verdicts: null });
    expect(listed.totals).toEqual({ analyses: 2, labelled: 0, right: 0, wrong: 0 });

    const mismatch = await label(first.id, ['right', 'wrong']);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      code: 'NLU_VERDICTS_MISMATCH',
      params: { interactions: 1, verdicts: 2 },
    });
    const odd = await label(first.id, ['maybe']);
    expect(odd.statusCode).toBe(400);

    const saved = await label(first.id, ['wrong']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: first.id, labelling: 'labelled', verdicts: ['wrong'] });
    expect((await label(second.id, [])).statusCode).toBe(200);
    expect((await list()).json().totals).toEqual({ analyses: 2, labelled: 2, right: 0, wrong: 1 });
    // Changing one's mind is a new verdict, not a second count.
    expect((await label(first.id, ['right'])).statusCode).toBe(200);
    expect((await list()).json().totals).toEqual({ analyses: 2, labelled: 2, right: 1, wrong: 0 });

    // Analysed again, the message is to label again: its interactions may have changed.
    const again = await acme.call('POST', url(`analyses/${first.id}/reanalyze`), 'qualifier');
    expect(again.statusCode, again.body).toBe(200);
    await waitForAnalysis(async () =>
      (await acme.call('GET', url(`analyses/${first.id}/result`), 'qualifier')).json(),
    );
    const after = (await list()).json();
    expect(after.items.find((i: { id: string }) => i.id === first.id)).toMatchObject({
      labelling: 'to_label',
      verdicts: null,
    });
    expect(after.totals).toEqual({ analyses: 2, labelled: 1, right: 0, wrong: 0 });
  });

  it('refuses a cockpit user, an analysis no labelling server read and an unknown analysis', async () => {
    expect((await list('cockpit')).statusCode).toBe(403);
    const unlabelled = (await list()).json().items[0].id as string;
    expect((await label(unlabelled, [], 'cockpit')).statusCode).toBe(403);

    await acme.call('PUT', url(`servers/${server}`), 'configurator', { labeling: false });
    const plain = await analyse('Bonjour.');
    const refused = await label(plain.id, []);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NOT_LABELLING' });
    const missing = await label('00000000-0000-4000-8000-000000000000', []);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'ANALYSIS_NOT_FOUND' });
  });
});
