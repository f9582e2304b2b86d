import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleView } from '../../schemas/contracts/modules';
import { DEFAULT_OUTPUT, type OutputSettings } from '../../schemas/output';
import { corpusBytes, corpusEntry } from '../../server/pipeline/extractor/test-support/corpus';
import { postAnalysisForm, waitForAnalysis } from './support/analyses';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants, environmentCalls } from './support/tenants';

/** The output module (spec pipeline §3 "Output module flags", §5, §8): its choices and its payload. */
let t: TestPlatform;
let acme: Tenants;
let env: string;
const EML = 'email/nodemailer.eml';
const facts = corpusEntry(EML).facts as { subject: string };

const { url, call, ok } = environmentCalls(
  () => acme,
  () => env,
);
const envRecord = () => `${API}/projects/${acme.ids.project}/environments/${env}`;
const setOutput = (output: OutputSettings) => ok('PATCH', 'modules/output', { output });
const analyse = async (created: { id: string }) =>
  (await waitForAnalysis(async () => ok('GET', `analyses/${created.id}/result`))).result!;
const analyseText = (text: string) => ok('POST', 'analyses', { type: 'text', text }).then(analyse);
/** A simulated mail, with the analysis metadata a client may send. */
const analyseMail = async (subject: string, body: string, metadata?: object) =>
  analyse(
    (
      await postAnalysisForm(t.app, url('analyses'), acme.auth.configurator, {
        type: 'mail',
        from: 'client@example.com',
        to: 'claims@example.com',
        subject,
        body,
        ...(metadata ? { metadata: JSON.stringify(metadata) } : {}),
      })
    ).json(),
  );
const analyseEml = async () =>
  analyse(
    (
      await postAnalysisForm(t.app, url('analyses'), acme.auth.configurator, { type: 'file' }, [
        { field: 'file', filename: 'nodemailer.eml', bytes: corpusBytes(EML) },
      ])
    ).json(),
  );
const outputStep = (result: Awaited<ReturnType<typeof analyse>>) =>
  result.trace.find((s) => s.step === 'outputDelivery')!;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  env = (
    await acme.call('POST', `${API}/projects/${acme.ids.project}/environments`, 'configurator', {
      name: 'Output',
    })
  ).json().id;
  await ok('POST', 'categories', {
    name: 'Claim',
    kind: 'message',
    rules: [
      { name: 'claim word', priority: 1, criteria: { type: 'header', name: 'subject', value: 'sinistre' } },
    ],
  });
  await ok('POST', 'extraction-fields', { name: 'contract', source: 'regex', pattern: 'CT-(\\d{5})' });
});
afterAll(() => t.close());

describe('the output module', () => {
  it('is in a new environment, last, with its default choices', async () => {
    const { modules } = await ok('GET', 'modules');
    const active = modules.filter((m: ModuleView) => m.active);
    expect(active.at(-1)).toMatchObject({ type: 'output', output: DEFAULT_OUTPUT });
    expect((await acme.call('GET', envRecord(), 'configurator')).json().output).toEqual(DEFAULT_OUTPUT);
  });

  it('builds the payload of the default choices: the decisions, not the bulky parts', async () => {
    const result = await analyseMail('Déclaration de sinistre', 'Mon contrat CT-12345', { crm: 'A-1' });
    expect(result.output).toEqual({
      analysisId: result.id,
      name: expect.any(String),
      status: 'processed',
      language: result.language,
      categories: [{ name: 'Claim', rule: 'claim word', taint: null }],
      attachmentsCategories: [],
      extractedData: [expect.objectContaining({ name: 'contract', value: '12345' })],
      metadata: { crm: 'A-1' },
      reply: null,
    });
    expect(outputStep(result)).toMatchObject({ status: 'done', warnings: [] });
    expect(outputStep(result).summary).toMatch(
      /^Payload built \(\d+ B\): categories, attachment categories, extracted data, metadata, reply proposal\. No webhook/,
    );
  });

  it('sends the email headers, the HTML body and the attachments with their bytes when asked', async () => {
    await setOutput({
      ...DEFAULT_OUTPUT,
      emailHeaders: true,
      htmlBodies: true,
      attachmentsData: true,
      nluOutput: true,
    });
    const result = await analyseEml();
    const output = result.output!;
    expect(output.email).toMatchObject({ subject: facts.subject, from: { address: 'andris@kreata.ee' } });
    expect(output.email!.headers['message-id']).toBe('<012d606e-3550-2d94-b566-6cd996de88e3@kreata.ee>');
    // As received: the images stay cid: links, and come as inline attachments.
    expect(output.htmlBody).toMatch(/^<p><b>Hello<\/b> to myself <img src="cid:/);
    // mailparser's own test checks this checksum on its attachments[2], the GIF.
    const gif = output.attachments!.find((a) => a.fileName === 'nyan cat ✔.gif')!;
    expect(createHash('md5').update(Buffer.from(gif.data!, 'base64')).digest('hex')).toBe(
      '2822cbcf68de083b96ac3921d0e308a2',
    );
    expect(output.attachments!.every((a) => typeof a.data === 'string' && a.data.length > 0)).toBe(true);
    expect(output.nlu).toEqual({ interactions: [] });
    expect(outputStep(result).warnings).toEqual([]);

    // A pasted text has no email parts: they are left out, not made up.
    const text = await analyseText('Bonjour');
    expect(text.output).not.toHaveProperty('email');
    expect(text.output).not.toHaveProperty('htmlBody');
    expect(text.output!.attachments).toEqual([]);
  });

  it('leaves out the categories to skip, and warns about those the environment does not have', async () => {
    await setOutput({ ...DEFAULT_OUTPUT, categories: { enabled: true, skip: ['Claim', 'Ghost', 'Ghost'] } });
    const { modules } = await ok('GET', 'modules');
    expect(modules.find((m: ModuleView) => m.type === 'output').output.categories.skip).toEqual([
      'Claim',
      'Ghost',
    ]);
    const result = await analyseMail('Déclaration de sinistre', 'Bonjour');
    expect(result.categories.map((c) => c.name)).toEqual(['Claim']);
    expect(result.output!.categories).toEqual([]);
    expect(outputStep(result).warnings).toEqual([
      'Categories to skip that no category of this environment has: Ghost',
    ]);
    expect(outputStep(result).messages!.warnings).toEqual([
      { code: 'outputSkipMismatch', params: { names: 'Ghost' } },
    ]);
  });

  it('warns when nothing is selected, and when the categories found are not sent', async () => {
    await setOutput({
      htmlBodies: false,
      attachmentsData: false,
      emailHeaders: false,
      categories: { enabled: false, skip: [] },
      extractedData: false,
      metadata: false,
      nluOutput: false,
      replyProposal: false,
      visionOutput: false,
    });
    const result = await analyseMail('Déclaration de sinistre', 'Bonjour');
    expect(Object.keys(result.output!).sort()).toEqual(['analysisId', 'language', 'name', 'status']);
    expect(outputStep(result).warnings).toEqual([
      'Nothing is selected in the output module: the integration will have no effect',
      'The categorization module gives categories: activate categories in the Output module to deliver them',
    ]);
    expect(outputStep(result).messages!.warnings).toEqual([
      { code: 'outputNothingSelected' },
      { code: 'outputActivateCategories' },
    ]);
  });

  it('keeps its choices off the environment record and other modules, for configurators only', async () => {
    const refused = await call('PATCH', 'modules/categorization', { output: DEFAULT_OUTPUT });
    expect(refused.json().details).toEqual([
      {
        path: 'output',
        message: 'Only the output module has output choices',
        code: 'moduleOnlyOutput',
      },
    ]);
    const record = (await acme.call('GET', envRecord(), 'configurator')).json();
    const readOnly = await acme.call('PUT', envRecord(), 'configurator', {
      ...record,
      output: { ...DEFAULT_OUTPUT, nluOutput: true },
    });
    expect(readOnly.json().details).toEqual([
      expect.objectContaining({ path: 'output', message: 'is read-only' }),
    ]);
    const bad = await call('PATCH', 'modules/output', { output: { ...DEFAULT_OUTPUT, metadata: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(
      (await acme.call('PATCH', url('modules/output'), 'qualifier', { output: DEFAULT_OUTPUT })).statusCode,
    ).toBe(403);
  });

  it('goes back to its defaults when deactivated, and is added back last', async () => {
    await setOutput({ ...DEFAULT_OUTPUT, nluOutput: true, metadata: false });
    const { deleted, modules } = await ok('DELETE', 'modules/output');
    expect(deleted).toEqual([]);
    expect(modules.find((m: ModuleView) => m.type === 'output')).toMatchObject({ active: false });
    const result = await analyseMail('Déclaration de sinistre', 'Bonjour');
    expect(result.output).toBeUndefined();
    expect(outputStep(result)).toMatchObject({
      status: 'skipped',
      summary: 'The output module is not active in this environment',
    });
    const again = await ok('POST', 'modules', { type: 'output' });
    const active = again.modules.filter((m: ModuleView) => m.active);
    expect(active.at(-1)).toMatchObject({ type: 'output', output: DEFAULT_OUTPUT });
  });
});
