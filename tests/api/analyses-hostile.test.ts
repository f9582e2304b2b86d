import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusBytes, corpusEntries } from '../../server/pipeline/extractor/test-support/corpus';
import { manyAttachmentsEml, manyPagesPdf, zipBombDocx } from '../support/hostile-files';
import { postAnalysisForm, waitForAnalysis } from './support/analyses';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, listQuery, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;
let url: string;

beforeAll(async () => {
  // A tight time limit: whatever a hostile file does, its analysis ends within it.
  t = await startTestPlatform({ ANALYSIS_TIME_LIMIT: '60', UPLOAD_MAX_BYTES: String(40 * 1_048_576) });
  acme = await buildTenants(t);
  url = `${API}/environments/${acme.ids.env}/analyses`;
});
afterAll(() => t.close());

const upload = async (filename: string, bytes: Uint8Array) => {
  const res = await postAnalysisForm(t.app, url, acme.auth.qualifier, { type: 'file' }, [
    { field: 'file', filename, bytes },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};

const settled = (id: string) =>
  waitForAnalysis(async () => (await acme.call('GET', `${url}/${id}/result`, 'qualifier')).json(), {
    ms: 120_000,
  });

/** An error names the problem in a sentence; never a stack trace. */
const expectClearError = (message: string | null) => {
  expect(message).toEqual(expect.any(String));
  expect(message!.length).toBeGreaterThan(8);
  expect(message).not.toMatch(/\n\s+at |node_modules/);
};

/**
 * Hostile files: each file ends in a clear error, or a bounded result with warnings, for its
 * own analysis; the worker keeps serving the others.
 */
describe('hostile input', () => {
  const cases: [string, () => Uint8Array][] = [
    ...corpusEntries('hostile').map((e): [string, () => Uint8Array] => [
      e.file.split('/')[1],
      () => corpusBytes(e.file),
    ]),
    ['zero-bytes.docx', () => new Uint8Array()],
    ['truncated.pdf', () => corpusBytes('pdf/pdflatex-4-pages.pdf').slice(0, 6000)],
    ['bomb.docx', () => zipBombDocx(200)],
    ['five-thousand-pages.pdf', () => manyPagesPdf(5000)],
    ['flood.eml', () => manyAttachmentsEml(10_000)],
    ['lying.docx', () => corpusBytes('pdf/minimal-document.pdf')],
  ];

  it(
    'fails or bounds each analysis on its own, and the worker serves the next',
    { timeout: 300_000 },
    async () => {
      const ids = new Map<string, string>();
      for (const [name, bytes] of cases) ids.set(name, await upload(name, bytes()));
      const outcomes: Record<string, string> = {};
      for (const [name, id] of ids) {
        const { analysis, result } = await settled(id);
        if (analysis.status === 'error') {
          expectClearError(analysis.error);
          outcomes[name] = `error: ${analysis.error}`;
        } else {
          expect(analysis.status).toBe('processed');
          const warnings = result!.trace.flatMap((e) => e.warnings);
          outcomes[name] = `processed, ${warnings.length} warnings`;
        }
      }
      // Bounded results say what they left out.
      expect(outcomes['five-thousand-pages.pdf']).toMatch(/processed, [1-9]/);
      // Above 10,000 MIME parts the email parser refuses the message rather than reading for minutes.
      expect(outcomes['flood.eml']).toMatch(
        /processed, [1-9]|error: The email has more than 10000 MIME parts/,
      );
      expect(outcomes['bomb.docx']).toMatch(/error: .*zip bomb/);
      expect(outcomes['zero-bytes.docx']).toMatch(/error: .*empty/);
      expect(outcomes['lying.docx']).toMatch(/error: .*not a ZIP container/);
      expect(outcomes['truncated.pdf']).toMatch(/error: .*damaged or truncated/);
      expect(outcomes['too_small.xls']).toMatch(/error: .*not a spreadsheet/);
      expect(outcomes['issue_594_dos.ods']).toMatch(/error: .*cells/);
      expect(outcomes['empty.eml']).toMatch(/error: .*empty/);
      const after = await upload('after.eml', corpusBytes('email/nested.eml'));
      expect((await settled(after)).analysis.status).toBe('processed');
    },
  );
});

describe('an analysis that fails says why by code', () => {
  it('stores the failure as a trace message beside its English, and the list and the result answer it', async () => {
    const id = await upload('truncated.pdf', corpusBytes('pdf/pdflatex-4-pages.pdf').slice(0, 6000));
    const { analysis } = await settled(id);
    expect(analysis.status).toBe('error');
    expect(analysis.errorMessage).toEqual({
      code: 'parsePdfDamagedDetail',
      params: { detail: expect.any(String) },
    });
    expect(analysis.error).toBe(`The PDF is damaged or truncated (${analysis.errorMessage?.params?.detail})`);
    const list = await acme.call('GET', `${url}${listQuery({ filter: { status: 'error' } })}`, 'qualifier');
    const row = (list.json() as { id: string; errorMessage: unknown }[]).find((r) => r.id === id);
    expect(row?.errorMessage).toEqual(analysis.errorMessage);
  });
});
