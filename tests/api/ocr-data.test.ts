import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../schemas/analysis-result';
import { inEnglish, type TraceMessage } from '../../schemas/trace-messages';
import type { ModuleView } from '../../schemas/contracts/modules';
import type { OcrDataField, OcrDataSettings } from '../../schemas/ocr-data';
import { corpusBytes } from '../../server/pipeline/extractor/test-support/corpus';
import { postAnalysisForm, waitForAnalysis } from './support/analyses';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants, environmentCalls } from './support/tenants';

/**
 * The OCR data extraction module (spec pipeline §3 "OCR data extraction: category,
 * documents, fields"; docs/decisions/nlu-ocr-data-extraction.md): on the documents of a category,
 * values read next to their anchor labels — in an analysis, where they join the extracted data, and
 * on the test page, text layers and OCR alike.
 */
let t: TestPlatform;
let acme: Tenants;
let env: string;
const { url, call, ok } = environmentCalls(
  () => acme,
  () => env,
);
const field = (key: string, anchors: string[], type: OcrDataField['type'] = 'text', pattern = '') => ({
  key,
  anchors,
  type,
  pattern,
});
const setOcrData = (settings: Partial<OcrDataSettings>) =>
  ok('PATCH', 'modules/ocrDataExtraction', {
    ocrData: { category: '', documents: [], fields: [], ...settings },
  });

/** The corpus PDFs' own words: "The Crazy Ones" over its date; a table row "Belgium 11.5 30,689 Brussels". */
const FIELDS = [
  field('published', ['the crazy ones', 'your name'], 'date'),
  field('population', ['Belgium'], 'number'),
];

const analyse = async (fields: Record<string, string>, files: { file: string; field?: string }[]) => {
  const created = await postAnalysisForm(
    t.app,
    url('analyses'),
    acme.auth.configurator,
    fields,
    files.map(({ file, field: name = 'file' }) => ({
      field: name,
      filename: file.split('/').pop()!,
      bytes: corpusBytes(file),
    })),
  );
  expect(created.statusCode, created.body).toBe(201);
  const read = await waitForAnalysis(async () => ok('GET', `analyses/${created.json().id}/result`));
  expect(read.analysis.status, read.analysis.error ?? '').toBe('processed');
  return read.result!;
};
const ocrStep = (result: AnalysisResult) => result.trace.find((s) => s.step === 'ocrDataExtraction')!;

const testPage = (file: string, role: 'configurator' | 'cockpit' = 'configurator') =>
  postAnalysisForm(t.app, url('ocr-data-test'), acme.auth[role], {}, [
    { field: 'file', filename: file.split('/').pop()!, bytes: corpusBytes(file) },
  ]);

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  env = (
    await acme.call('POST', `${API}/projects/${acme.ids.project}/environments`, 'configurator', {
      name: 'OCR data',
      defaultCategory: 'Letter',
      defaultAttachmentCategory: 'Scan',
    })
  ).json().id;
  await ok('POST', 'categories', { name: 'Letter', kind: 'message', rules: [] });
  await ok('POST', 'categories', { name: 'Scan', kind: 'attachment', rules: [] });
});
afterAll(() => t.close());

describe('the OCR data extraction module', () => {
  it('is added on the modules page after the categorisation, and its test page is refused until then', async () => {
    const before = (await ok('GET', 'modules')).modules as ModuleView[];
    expect(before.find((m) => m.type === 'ocrDataExtraction')!.active).toBe(false);
    const refused = await testPage('pdf/crazyones-pdfa.pdf');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('OCR_DATA_DISABLED');

    const added = (await ok('POST', 'modules', { type: 'ocrDataExtraction' })).modules as ModuleView[];
    expect(added.filter((m) => m.active).map((m) => m.type)).toEqual([
      'extractor',
      'nlu',
      'categorization',
      'ocrDataExtraction',
      'extraction',
      'replyTemplate',
      'output',
    ]);
    expect(added.find((m) => m.type === 'ocrDataExtraction')!.ocrData).toEqual({
      category: '',
      documents: [],
      fields: [],
    });
    expect((await testPage('pdf/crazyones-pdfa.pdf')).json().code).toBe('OCR_DATA_NO_FIELD');
    // Added but without fields: analyses go on, the step says why it did not run.
    const result = await analyse({ type: 'file' }, [{ file: 'pdf/crazyones-pdfa.pdf' }]);
    expect(ocrStep(result)).toMatchObject({
      status: 'skipped',
      summary: 'The OCR data extraction has no field to read yet',
    });
  });

  it('refuses settings it cannot run, each problem on its field with its code', async () => {
    const refused = await call('PATCH', 'modules/ocrDataExtraction', {
      ocrData: {
        category: 'Invoices',
        documents: [],
        fields: [
          field('total', [], 'amount'),
          field('total', ['Total'], 'amount'),
          field('ref', ['Ref'], 'text', '(a+)+$'),
        ],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.map((d: { path: string; keyword: string }) => [d.path, d.keyword])).toEqual(
      [
        ['ocrData.category', 'unknownCategory'],
        ['ocrData.fields.0.anchors', 'anchorsRequired'],
        ['ocrData.fields.1.key', 'duplicateKey'],
        ['ocrData.fields.2.pattern', 'badPattern'],
      ],
    );
    const empty = await call('PATCH', 'modules/ocrDataExtraction', {
      ocrData: { category: '', documents: [], fields: [] },
    });
    expect(empty.json().details).toEqual([
      expect.objectContaining({ path: 'ocrData.fields', keyword: 'fieldsRequired' }),
    ]);
    const badKey = await call('PATCH', 'modules/ocrDataExtraction', {
      ocrData: { category: '', documents: [], fields: [field('total amount', ['Total'])] },
    });
    expect(badKey.statusCode).toBe(400);
    const elsewhere = await call('PATCH', 'modules/output', {
      ocrData: { category: '', documents: [], fields: [field('total', ['Total'])] },
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('reads a document input’s fields next to their anchors into the extracted data, with where they were read', async () => {
    await setOcrData({ category: 'Letter', fields: FIELDS });
    const result = await analyse({ type: 'file' }, [{ file: 'pdf/multicolumn.pdf' }]);
    const ocr = result.extractedData.filter((d) => d.ocr);
    expect(
      ocr.map(({ name, value, ocr: where, span }) => ({ name, value, where, source: span?.source })),
    ).toEqual([
      {
        name: 'published',
        value: 'January 3, 2024',
        where: { document: 'multicolumn.pdf', anchor: 'your name', page: 1, line: 'January 3, 2024' },
        source: 'message',
      },
      {
        name: 'population',
        value: 11.5,
        where: expect.objectContaining({ document: 'multicolumn.pdf', anchor: 'Belgium', page: 3 }),
        source: 'message',
      },
    ]);
    expect(ocrStep(result)).toMatchObject({ status: 'done', summary: '2 values read in 1 document' });
  });

  it('reads only the documents of its category and file names, and says which fields it did not find', async () => {
    // An email whose PDF attachment has the attachment category Scan.
    const mail = {
      type: 'mail',
      from: 'client@example.com',
      to: 'support@acme.test',
      subject: 'Scan',
      body: 'See the file.',
    };
    const files = [{ file: 'pdf/crazyones-pdfa.pdf', field: 'attachments' }];
    await setOcrData({ category: 'Scan', documents: ['crazy*.PDF'], fields: FIELDS });
    const result = await analyse(mail, files);
    const published = result.extractedData.find((d) => d.name === 'published')!;
    expect(published).toMatchObject({
      value: 'October 14, 1998',
      ocr: { document: 'crazyones-pdfa.pdf', anchor: 'the crazy ones', page: 1 },
    });
    // An attachment's value: the testing centre counts it as an attachment extraction.
    expect(typeof published.span!.source).toBe('number');
    expect(ocrStep(result)).toMatchObject({
      status: 'done',
      warnings: ['crazyones-pdfa.pdf: not found next to an anchor: population'],
    });

    await setOcrData({ category: 'Letter', fields: FIELDS });
    expect(ocrStep(await analyse(mail, files))).toMatchObject({
      status: 'skipped',
      summary: "No document of the category 'Letter' in this analysis",
    });
    await setOcrData({ category: 'Scan', documents: ['*.docx'], fields: FIELDS });
    expect(ocrStep(await analyse(mail, files)).status).toBe('skipped');

    // Its category deleted since: the analyses go on, the trace says what to fix.
    await setOcrData({ category: 'Scan', fields: FIELDS });
    const scan = (await ok('GET', 'categories')).find((c: { name: string }) => c.name === 'Scan');
    expect((await call('DELETE', `categories/${scan.id}`)).statusCode).toBeLessThan(300);
    const after = await analyse(mail, files);
    expect(ocrStep(after)).toMatchObject({
      status: 'skipped',
      warnings: [
        "The category 'Scan' of the OCR data extraction does not exist any more in this environment",
      ],
    });
    await ok('POST', 'categories', { name: 'Scan', kind: 'attachment', rules: [] });
  });

  it('sends its values in the output payload with the extracted data', async () => {
    await setOcrData({ category: '', fields: FIELDS });
    const result = await analyse({ type: 'file' }, [{ file: 'pdf/crazyones-pdfa.pdf' }]);
    expect(result.output?.extractedData).toEqual([
      {
        name: 'published',
        value: 'October 14, 1998',
        source: "OCR data extraction, anchor 'the crazy ones' in crazyones-pdfa.pdf",
      },
    ]);
  });

  it('tests a scanned image on the test page: OCR, then every field, found or not', async () => {
    await setOcrData({
      category: 'Letter',
      fields: [field('points', ['a lot of'], 'number'), field('due', ['due date'], 'date')],
    });
    // A cockpit user of the environment may test; the category does not apply on the test page.
    const res = await testPage('image/phototest.tif', 'cockpit');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.documents).toEqual([
      {
        filename: 'phototest.tif',
        attachment: null,
        pages: 1,
        ocrPages: 1,
        fields: [
          {
            key: 'points',
            value: 12,
            anchor: 'a lot of',
            page: 1,
            line: expect.stringContaining('12 point'),
          },
          { key: 'due', value: null, anchor: null, page: null, line: null },
        ],
      },
    ]);
  });

  it('names a pattern refused at run time by code on the test page', async () => {
    await setOcrData({ fields: [field('total', ['Total'])] });
    // The settings' check refuses such a pattern first: here it reached the stored settings all the same.
    await t.platform.db.query(
      `UPDATE environments SET settings = jsonb_set(settings, '{ocrData,fields,0,pattern}', '"(a+)+$"')
       WHERE id = $1`,
      [env],
    );
    const res = await testPage('pdf/002-trivial-libre-office-writer.pdf');
    expect([res.statusCode, res.json().code]).toEqual([422, 'EXTRACTION_FAILED']);
    const { message, params } = res.json() as { message: string; params: { trace?: TraceMessage } };
    expect(params.trace).toEqual({
      code: 'ocrDataPatternRefused',
      params: { key: 'total', detail: expect.stringMatching(/^'\(a\+\)\+\$' is refused/) },
    });
    expect(message).toBe(inEnglish(params.trace!));
    await setOcrData({ fields: FIELDS });
  });

  it('forgets its settings when the module is deactivated', async () => {
    await setOcrData({ fields: FIELDS });
    await ok('DELETE', 'modules/ocrDataExtraction');
    await ok('POST', 'modules', { type: 'ocrDataExtraction' });
    const { modules } = await ok('GET', 'modules');
    expect(modules.find((m: ModuleView) => m.type === 'ocrDataExtraction').ocrData.fields).toEqual([]);
  });
});
