import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../schemas/analysis-result';
import { dashboardFigures } from '../../server/pipeline-threads/protocol';
import { waitForAnalysis, type AnalysisRead } from './support/analyses';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';

/**
 * The dashboard's figures of a result (migrations 021 and 022) are made twice: by the worker's
 * pipeline thread, which writes them with the result, and by the database's trigger for any other
 * writer. Both must say the same.
 */
let t: TestPlatform;
let acme: Tenants;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
});
afterAll(() => t.stop());

type Figures = {
  categories: string[] | null;
  extracted_fields: string[] | null;
  step_ms: (number | null)[] | null;
};

const figuresOf = async (id: string) => {
  const [row] = await t.platform.db.query<Figures>(
    'SELECT categories, extracted_fields, step_ms FROM analyses WHERE id = $1',
    [id],
  );
  return row;
};

/** The figures the trigger reads out of the stored result. */
const triggerFigures = async (id: string) => {
  await t.platform.db.query('UPDATE analyses SET result = result WHERE id = $1', [id]);
  return figuresOf(id);
};

const sorted = (f: Figures) => ({
  categories: [...(f.categories ?? [])].sort(),
  extracted_fields: [...(f.extracted_fields ?? [])].sort(),
  step_ms: f.step_ms,
});

describe('dashboard figures of a result', () => {
  it('are written by the worker with the result, as the trigger would read them', async () => {
    const url = `${API}/environments/${acme.ids.env}/analyses`;
    const res = await acme.call('POST', url, 'qualifier', { type: 'text', text: 'Bonjour, une question.' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: string }>().id;
    const { analysis } = await waitForAnalysis(async () =>
      (await acme.call('GET', `${url}/${id}/result`, 'qualifier')).json<AnalysisRead>(),
    );
    expect(analysis.status).toBe('processed');
    const written = await figuresOf(id);
    // The source and extractor steps ran: their durations are there, at their positions.
    expect(written.step_ms).toHaveLength(11);
    expect(written.step_ms![0]).toEqual(expect.any(Number));
    expect(written.step_ms![1]).toEqual(expect.any(Number));
    expect(sorted(await triggerFigures(id))).toEqual(sorted(written));
  });

  it('say the same in JavaScript and in the database on a result with every case', async () => {
    const result = {
      categories: [
        { name: 'Claim', kind: 'message', rule: null },
        { name: 'Claim', kind: 'message', rule: null },
        { name: 'Urgent', kind: 'message', rule: null },
      ],
      extractedData: [
        { name: 'amount', value: '12', source: 'x' },
        { name: 'amount', value: '13', source: 'x' },
        { name: 'iban', value: '', source: 'x' },
        { name: 'policy', value: 'P1', source: 'x' },
      ],
      trace: [
        { step: 'source', status: 'done', durationMs: 1 },
        { step: 'extractor', status: 'done', durationMs: 12.5 },
        { step: 'nlu', status: 'error', durationMs: 7 },
        { step: 'categorization', status: 'skipped', durationMs: 0 },
        { step: 'outputDelivery', status: 'aborted', durationMs: 3 },
      ],
    } as unknown as AnalysisResult;
    const id = randomUUID();
    await t.platform.db.query(
      `INSERT INTO analyses (id, environment_id, name, input_type, status, result)
       VALUES ($1, $2, 'Figures', 'text', 'processed', $3::jsonb)`,
      [id, acme.ids.env, JSON.stringify(result)],
    );
    const fromDatabase = sorted(await figuresOf(id));
    expect(fromDatabase).toEqual(sorted(dashboardFigures(result)));
    expect(fromDatabase).toEqual({
      categories: ['Claim', 'Urgent'],
      extracted_fields: ['amount', 'policy'],
      step_ms: [1, 12.5, 7, null, null, null, null, null, null, null, null],
    });
  });
});
