import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UseCaseTemplate } from '../../schemas/contracts/configuration';
import { sweepStalledTests, type TestScores } from '../../server/testing/campaign';
import type { TestPlatform } from './support/platform';
import { startTestingCentre, type testingCentre } from './support/testing';
import { API, listQuery, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;
let template: UseCaseTemplate;
let centre: ReturnType<typeof testingCentre>;
const bank = () => centre.bank;
const tests = () => centre.tests;
const templateEnvironment = () => centre.templateEnvironment();
const addSample: ReturnType<typeof testingCentre>['addSample'] = (...args) => centre.addSample(...args);
const ended = (id: string) => centre.ended(id);

beforeAll(async () => {
  ({ t, acme, template, centre } = await startTestingCentre());
});
afterAll(() => t.close());

describe('message bank', () => {
  it('qualifiers add a mail, a file and a text, tag and qualify them, and find them by tag and status', async () => {
    const mail = await acme.call('POST', `${bank()}/upload`, 'qualifier', {
      type: 'mail',
      from: 'client@example.com',
      to: 'service@example.com',
      subject: 'Dégât des eaux',
      body: 'Bonjour, ma cuisine est inondée.',
      tags: 'bank-a, bank-b',
    });
    expect(mail.statusCode, mail.body).toBe(201);
    expect(mail.json()).toMatchObject({
      name: 'Dégât des eaux',
      inputType: 'mail',
      tags: ['bank-a', 'bank-b'],
      qualificationStatus: 'not_qualified',
    });
    const text = await acme.call('POST', bank(), 'qualifier', {
      name: 'Pasted',
      text: 'Je veux résilier mon contrat.',
      tags: ['bank-a'],
      expected: {
        categories: ['Contract termination'],
        extracted_informations: [{ name: 'policy', value: '12' }],
      },
      qualification: { categories: 'qualified' },
    });
    expect(text.statusCode, text.body).toBe(201);
    // Categories qualified, extractions expected but not qualified: partially qualified.
    expect(text.json()).toMatchObject({ inputType: 'text', qualificationStatus: 'partially_qualified' });

    const listed = await acme.call(
      'GET',
      `${bank()}${listQuery({ filter: { tags: 'bank-a' } })}`,
      'qualifier',
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      listed
        .json()
        .map((m: { name: string }) => m.name)
        .sort(),
    ).toEqual(['Dégât des eaux', 'Pasted']);
    const partial = await acme.call(
      'GET',
      `${bank()}${listQuery({ filter: { tags: ['bank-b', 'nothing'], qualificationStatus: 'not_qualified' } })}`,
      'qualifier',
    );
    expect(partial.json().map((m: { name: string }) => m.name)).toEqual(['Dégât des eaux']);

    const content = await acme.call('GET', `${bank()}/${mail.json().id}/content`, 'qualifier');
    expect(content.statusCode).toBe(200);
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(content.body).toContain('Subject: =?');

    const tags = await acme.call('GET', `${API}/projects/${acme.ids.project}/message-tags`, 'qualifier');
    expect(tags.json()).toEqual(
      expect.arrayContaining([
        { tag: 'bank-a', messages: 2 },
        { tag: 'bank-b', messages: 1 },
      ]),
    );
  });

  it('bad input is refused with a reason: empty text, a tag with a space, an unknown kind', async () => {
    const empty = await acme.call('POST', bank(), 'qualifier', { name: 'Empty', text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([expect.objectContaining({ path: 'text' })]);
    const badTag = await acme.call('POST', `${bank()}/upload`, 'qualifier', {
      type: 'text',
      text: 'Bonjour',
      tags: ['a tag'],
    });
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json().message).toContain("'a tag' is not a tag");
    expect(badTag.json().details).toEqual([
      {
        path: 'tags',
        message: "'a tag' is not a tag (letters, digits and - _ . : / only)",
        keyword: 'pattern',
        code: 'testTagInvalid',
        params: { tag: 'a tag' },
      },
    ]);
    const kind = await acme.call('POST', bank(), 'qualifier', {
      name: 'Kind',
      text: 'Bonjour',
      expected: { colours: ['blue'] },
    });
    expect(kind.statusCode).toBe(400);
  });

  it('the bank and the tests need the qualifier level on the project (spec §6)', async () => {
    for (const who of ['cockpit', 'noAccess', 'outsider'] as const) {
      expect((await acme.call('GET', bank(), who)).statusCode, who).toBeGreaterThanOrEqual(403);
      expect((await acme.call('GET', tests(), who)).statusCode, who).toBeGreaterThanOrEqual(403);
      const upload = await acme.call('POST', `${bank()}/upload`, who, { type: 'text', text: 'x' });
      expect(upload.statusCode, who).toBeGreaterThanOrEqual(403);
    }
    for (const who of ['qualifier', 'configurator', 'admin'] as const) {
      expect((await acme.call('GET', bank(), who)).statusCode, who).toBe(200);
    }
  });
});

describe('batch changes to the bank', () => {
  const batch = (ids: string[], action: object, who: 'qualifier' | 'cockpit' = 'qualifier') =>
    acme.call('POST', `${bank()}/batch`, who, { ids, action });
  const add = async (name: string, fields: object = {}) => {
    const res = await acme.call('POST', bank(), 'qualifier', { name, text: `Texte ${name}`, ...fields });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const read = async (id: string) => (await acme.call('GET', `${bank()}/${id}`, 'qualifier')).json();

  it('adds and removes tags, adds qualified categories and extractions, renames a classification, notes', async () => {
    const a = await add('Batch A', { tags: ['keep'], expected: { categories: ['Old name'] } });
    const b = await add('Batch B', { expected: { categories: ['Other'] } });
    expect((await batch([a, b], { type: 'addTags', tags: ['batch-1', 'batch-2'] })).json()).toEqual({
      changed: 2,
    });
    expect((await batch([a, b], { type: 'removeTags', tags: ['batch-2'] })).json()).toEqual({ changed: 2 });
    const added = await batch([a, b], {
      type: 'addCategories',
      kind: 'categories',
      names: ['Claim'],
      qualify: true,
    });
    expect(added.json()).toEqual({ changed: 2 });
    await batch([a], {
      type: 'addExtractions',
      kind: 'extracted_informations',
      values: [{ name: 'policy', value: '12' }],
    });
    expect(
      (
        await batch([a, b], {
          type: 'renameClassification',
          kind: 'categories',
          from: 'Old name',
          to: 'New name',
        })
      ).json(),
    ).toEqual({ changed: 1 });
    await batch([a, b], { type: 'setNote', note: 'Checked in review' });
    expect(await read(a)).toMatchObject({
      tags: ['keep', 'batch-1'],
      expected: {
        categories: ['New name', 'Claim'],
        extracted_informations: [{ name: 'policy', value: '12' }],
      },
      qualification: { categories: 'qualified' },
      // Extractions expected but not qualified: partially.
      qualificationStatus: 'partially_qualified',
      note: 'Checked in review',
    });
    expect(await read(b)).toMatchObject({
      tags: ['batch-1'],
      expected: { categories: ['Other', 'Claim'] },
      qualificationStatus: 'qualified',
    });
    const audit = await t.platform.db.query<{ action: string }>(
      `SELECT action FROM audit_logs WHERE record_id = $1 ORDER BY created_at`,
      [a],
    );
    expect(audit.map((r) => r.action)).toEqual([
      'create',
      'update',
      'update',
      'update',
      'update',
      'update',
      'update',
    ]);
  });

  it('refuses attachment categories without body categories, on save and in a batch (spec §5)', async () => {
    const refusal = {
      path: 'expected.categories',
      message: 'A message that expects attachment categories needs its body categories too',
      code: 'attachmentLabelsNeedBody',
    };
    const alone = await acme.call('POST', bank(), 'qualifier', {
      name: 'Attachment alone',
      text: 'Voir la pièce jointe',
      expected: { attachments_categories: ['Invoice'] },
      qualification: { attachments_categories: 'qualified' },
    });
    expect(alone.statusCode, alone.body).toBe(400);
    expect(alone.json().details).toEqual([expect.objectContaining(refusal)]);
    const both = await add('Attachment and body', {
      expected: { categories: ['Claim'], attachments_categories: ['Invoice'] },
    });
    const emptied = await acme.call('PUT', `${bank()}/${both}`, 'qualifier', {
      expected: { categories: [], attachments_categories: ['Invoice'] },
    });
    expect(emptied.statusCode, emptied.body).toBe(400);
    expect(emptied.json().details).toEqual([expect.objectContaining(refusal)]);
    const plain = await add('Body only');
    const batched = await batch([both, plain], {
      type: 'addCategories',
      kind: 'attachments_categories',
      names: ['Contract'],
      qualify: true,
    });
    expect(batched.statusCode, batched.body).toBe(400);
    expect(batched.json()).toMatchObject({
      code: 'ATTACHMENT_LABELS_NEED_BODY',
      params: { name: 'Body only' },
    });
    // Nothing of the batch was applied.
    expect((await read(both)).expected.attachments_categories).toEqual(['Invoice']);
    expect((await read(plain)).expected.attachments_categories ?? []).toEqual([]);
  });

  it('refuses a rename into an existing classification, a bad tag, and the cockpit level', async () => {
    const a = await add('Rename A', { expected: { categories: ['Alpha'] } });
    await add('Rename B', { expected: { categories: ['Beta'] } });
    const merged = await batch([a], {
      type: 'renameClassification',
      kind: 'categories',
      from: 'Alpha',
      to: 'Beta',
    });
    expect(merged.statusCode).toBe(400);
    expect(merged.json()).toMatchObject({ code: 'CLASSIFICATION_EXISTS', params: { name: 'Beta' } });
    expect(merged.json().details).toEqual([
      {
        path: 'action.to',
        message: "The classification 'Beta' already exists",
        code: 'testClassificationExists',
        params: { name: 'Beta' },
      },
    ]);
    expect((await batch([a], { type: 'addTags', tags: ['a tag'] })).statusCode).toBe(400);
    expect((await batch([a], { type: 'explode' })).statusCode).toBe(400);
    expect((await batch([a], { type: 'setNote', note: 'x' }, 'cockpit')).statusCode).toBe(403);
    expect((await read(a)).expected.categories).toEqual(['Alpha']);
  });
});

describe('bank list totals', () => {
  it('counts the whole bank and each tag through adds, tag changes, deletes and a project deleted', async () => {
    // A fresh project: its totals start at nothing.
    const project = await acme.projectWithRoles();
    const messages = `${API}/projects/${project}/messages`;
    /** The total of a one-row page: a full page, whose total is the kept count (migration 018). */
    const total = async (filter: object = {}) => {
      const res = await acme.call('GET', `${messages}${listQuery({ range: [0, 0], filter })}`, 'admin');
      expect(res.statusCode, res.body).toBe(200);
      return Number(res.headers['content-range']?.toString().split('/')[1]);
    };
    const add = async (tags: string[]) => {
      const res = await acme.call('POST', messages, 'admin', { name: tags.join('+'), text: 'Bonjour', tags });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const [a, b] = [await add(['red']), await add(['red', 'blue'])];
    const c = await add(['blue']);
    expect([await total(), await total({ tags: 'red' }), await total({ tags: 'blue' })]).toEqual([3, 2, 2]);
    const batch = await acme.call('POST', `${messages}/batch`, 'admin', {
      ids: [a, b, c],
      action: { type: 'addTags', tags: ['green', 'red'] },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    expect([await total({ tags: 'red' }), await total({ tags: ['green'] })]).toEqual([3, 3]);
    const edited = await acme.call('PUT', `${messages}/${b}`, 'admin', {
      name: 'b',
      text: 'Bonjour',
      tags: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await acme.call('DELETE', `${messages}/${c}`, 'admin')).statusCode).toBe(204);
    expect([await total(), await total({ tags: 'red' }), await total({ tags: 'blue' })]).toEqual([2, 1, 0]);
    // What the kept counts do not cover is counted: two tags at once.
    expect(await total({ tags: ['red', 'green'] })).toBe(1);
    expect(await total({ tags: 'nothing' })).toBe(0);
    // The project goes with its messages and their counts.
    expect((await acme.call('DELETE', `${API}/projects/${project}`, 'admin')).statusCode).toBe(204);
  });
});

describe('sampling analyses into the bank', () => {
  const sampling = () => `${bank()}/sampling`;
  const analyse = async (text: string) => {
    const res = await acme.call('POST', `${API}/environments/${acme.ids.env}/analyses`, 'qualifier', {
      type: 'text',
      text,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  it('copies the analyses named (ids by comma, space or new line) with their content, tags and expectations', async () => {
    const first = await analyse('Bonjour, je souhaite résilier mon contrat.');
    const second = await analyse('Ma cuisine est inondée depuis ce matin.');
    const res = await acme.call('POST', sampling(), 'qualifier', {
      analysisIds: `${first},\n ${second}`,
      tags: ['sampled'],
      expectedCategories: ['Contract termination'],
      qualified: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().added).toHaveLength(2);
    const listed = await acme.call(
      'GET',
      `${bank()}${listQuery({ filter: { tags: 'sampled' } })}`,
      'qualifier',
    );
    const copies = listed.json() as {
      id: string;
      text: string;
      expected: { categories: string[] };
      qualificationStatus: string;
    }[];
    expect(copies.map((c) => c.text).sort()).toEqual(
      ['Bonjour, je souhaite résilier mon contrat.', 'Ma cuisine est inondée depuis ce matin.'].sort(),
    );
    expect(copies[0]).toMatchObject({
      expected: { categories: ['Contract termination'] },
      qualificationStatus: 'qualified',
    });
    // Each copy is in the audit log, with the analysis it came from.
    const audit = await t.platform.db.query<{ changes: { sourceAnalysisId: { after: string } } }>(
      `SELECT changes FROM audit_logs WHERE record_id = ANY($1::text[])`,
      [copies.map((c) => c.id)],
    );
    expect(audit.map((a) => a.changes.sourceAnalysisId.after).sort()).toEqual([first, second].sort());
  });

  it('samples at random among the analyses matching a filter, at most the count asked', async () => {
    await analyse('Un texte pour l’échantillon.');
    const res = await acme.call('POST', sampling(), 'qualifier', {
      status: 'waiting',
      count: 1,
      tags: ['random'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().added.length).toBeLessThanOrEqual(1);
  });

  it('refuses a sampling without filter, an id that is not one, and another project’s analyses', async () => {
    const none = await acme.call('POST', sampling(), 'qualifier', { tags: ['x'] });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('SAMPLING_NO_FILTER');
    const bad = await acme.call('POST', sampling(), 'qualifier', { analysisIds: 'abc, 42' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'SAMPLING_BAD_ID', params: { id: 'abc' } });
    const rival = await t.platform.db.query<{ id: string }>(
      `INSERT INTO analyses (id, environment_id, name, input_type, input_text) VALUES (gen_random_uuid(), $1, 'Rival', 'text', 'secret') RETURNING id`,
      [acme.ids.otherEnv],
    );
    const foreign = await acme.call('POST', sampling(), 'qualifier', { analysisIds: rival[0].id });
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.json().added).toEqual([]);
    const cockpit = await acme.call('POST', sampling(), 'cockpit', { analysisIds: rival[0].id });
    expect(cockpit.statusCode).toBe(403);
  });
});

describe('tests', () => {
  it(
    'a test runs every tagged message through the pipeline on the queue and scores it exactly',
    { timeout: 180_000 },
    async () => {
      const env = await templateEnvironment();
      const samples = template.samples;
      const byName = (name: string) => samples.find((s) => s.name === name)!;
      // Right expectations for six messages; one wrong, one with an extra category, one not
      // qualified, one qualified as expecting no category at all.
      for (const s of samples.slice(0, 6)) await addSample(s, 'campaign', s.expected);
      await addSample(byName('Ending a motor policy (fr)'), 'campaign', ['Claim declaration']);
      await addSample(byName('Confirming an appointment (en)'), 'campaign', [
        'Meeting confirmation',
        'Other',
      ]);
      await addSample(byName('Change of address (fr)'), 'campaign', null);
      await addSample(byName('A thank-you quoting an earlier request (en)'), 'campaign', []);

      const launched = await acme.call('POST', tests(), 'qualifier', {
        tag: 'campaign',
        environmentId: env,
        manualStatusUpdate: 'disabled',
      });
      expect(launched.statusCode, launched.body).toBe(201);
      expect(launched.json()).toMatchObject({ status: 'running', total: 10, tag: 'campaign' });
      const test = await ended(launched.json().id);
      expect(test).toMatchObject({ status: 'success', total: 10, done: 10, error: null });

      const res = await acme.call('GET', `${tests()}/${test.id}/scores`, 'qualifier');
      expect(res.statusCode, res.body).toBe(200);
      const scores = res.json().scores as TestScores;
      expect(scores.messages).toEqual({ done: 10, error: 0, notRun: 0 });
      const categories = scores.kinds.find((k) => k.kind === 'categories')!;
      expect(categories).toMatchObject({ qualifiedMessages: 9, notQualifiedMessages: 1 });
      const of = (name: string) => categories.classifications.find((c) => c.classification === name);
      expect(of('Meeting request')).toMatchObject({ tp: 2, fp: 0, fn: 0, precision: 1, sensitivity: 1 });
      expect(of('Claim declaration')).toMatchObject({ tp: 1, fp: 0, fn: 1, precision: 1, sensitivity: 0.5 });
      expect(of('Contract termination')).toMatchObject({
        tp: 0,
        fp: 1,
        fn: 0,
        precision: 0,
        sensitivity: null,
      });
      expect(of('Other')).toMatchObject({ tp: 0, fp: 1, fn: 1, precision: 0, sensitivity: 0, falses: 2 });
      expect(categories.micro).toMatchObject({ tp: 7, fp: 2, fn: 2, precision: 7 / 9, sensitivity: 7 / 9 });
      const wrong = scores.falses.find((f) => f.messageName === 'Ending a motor policy (fr)')!;
      expect(wrong).toMatchObject({
        kind: 'categories',
        fp: [{ classification: 'Contract termination', value: null }],
        fn: [{ classification: 'Claim declaration', value: null }],
      });
      // A test whose worker died in the middle of a step, its chain of steps gone with it: the
      // sweep revives it, and it ends with the same scores. Tests stepping on their own are left alone.
      const [orphan] = await t.platform.db.query<{ id: string }>(
        `INSERT INTO tests (id, project_id, environment_id, environment_name, tag, manual_status_update, total,
                            items_ready, stepped_at)
         SELECT gen_random_uuid(), project_id, environment_id, environment_name, tag, manual_status_update, total,
                true, now() - interval '5 minutes'
         FROM tests WHERE id = $1 RETURNING id`,
        [test.id],
      );
      await t.platform.db.query(
        `INSERT INTO test_items (test_id, message_id, message_name, analysis_id, expected, qualification)
         SELECT $2, message_id, message_name, analysis_id, expected, qualification FROM test_items WHERE test_id = $1`,
        [test.id, orphan.id],
      );
      expect(await sweepStalledTests(t.platform.db, t.platform.queue)).toBe(1);
      expect(await sweepStalledTests(t.platform.db, t.platform.queue)).toBe(0);
      expect(await ended(orphan.id)).toMatchObject({ status: 'success', done: 10 });
      const revived = await acme.call('GET', `${tests()}/${orphan.id}/scores`, 'qualifier');
      expect(revived.json().scores.kinds).toEqual(scores.kinds);

      // The analysis behind a false opens from the results: it is in the environment.
      const analysis = await acme.call(
        'GET',
        `${API}/environments/${env}/analyses/${wrong.analysisId}/result`,
        'qualifier',
      );
      expect(analysis.json().result.categories.map((c: { name: string }) => c.name)).toEqual([
        'Contract termination',
      ]);
    },
  );

  it('a tag without messages and an environment of another project are refused, naming the problem', async () => {
    const noTag = await acme.call('POST', tests(), 'qualifier', {
      tag: 'nobody-has-this',
      environmentId: acme.ids.env,
    });
    expect(noTag.statusCode).toBe(400);
    expect(noTag.json()).toMatchObject({ code: 'TEST_TAG_EMPTY', params: { tag: 'nobody-has-this' } });
    expect(noTag.json().details).toEqual([
      {
        path: 'tag',
        message: "No message of the bank carries the tag 'nobody-has-this'",
        code: 'testTagEmpty',
        params: { tag: 'nobody-has-this' },
      },
    ]);
    await acme.call('POST', bank(), 'qualifier', { name: 'One', text: 'Bonjour', tags: ['lonely'] });
    const elsewhere = await acme.call('POST', tests(), 'qualifier', {
      tag: 'lonely',
      environmentId: acme.ids.otherEnv,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().code).toBe('TEST_ENVIRONMENT_UNKNOWN');
    expect(elsewhere.json().details).toEqual([
      {
        path: 'environmentId',
        message: 'The environment is not one of this project',
        code: 'testEnvironmentOutside',
      },
    ]);
  });

  it(
    'a test whose environment is deleted while it runs ends in error with the reason',
    { timeout: 120_000 },
    async () => {
      const env = await templateEnvironment();
      for (const s of template.samples.slice(0, 3)) await addSample(s, 'doomed', s.expected);
      const launched = await acme.call('POST', tests(), 'qualifier', { tag: 'doomed', environmentId: env });
      expect(launched.statusCode, launched.body).toBe(201);
      const deleted = await acme.call(
        'DELETE',
        `${API}/projects/${acme.ids.project}/environments/${env}`,
        'admin',
      );
      expect(deleted.statusCode, deleted.body).toBe(204);
      const test = await ended(launched.json().id);
      expect(test).toMatchObject({
        status: 'error',
        error: 'The environment was deleted while the test ran',
      });
      const listed = await acme.call('GET', tests(), 'qualifier');
      expect(listed.json().find((x: { id: string }) => x.id === test.id)).toMatchObject({
        environmentName: expect.any(String),
      });
    },
  );
});
