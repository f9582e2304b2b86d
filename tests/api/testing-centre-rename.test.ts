import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;
const bank = () => `${API}/projects/${acme.ids.project}/messages`;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
});
afterAll(() => t.close());

const add = async (name: string) => {
  const res = await acme.call('POST', bank(), 'qualifier', { name, text: `Texte ${name}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const addAll = (...names: string[]) => Promise.all(names.map(add));
const rename = (ids: string[], rule: object, who: 'qualifier' | 'cockpit' = 'qualifier') =>
  acme.call('POST', `${bank()}/batch`, who, { ids, action: { type: 'renameFiles', rule } });
const namesOf = async (ids: string[]) => {
  const rows = await t.platform.db.query<{ id: string; name: string }>(
    `SELECT id, name FROM bank_messages WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return ids.map((id) => rows.find((r) => r.id === id)?.name);
};

describe('bulk rename of the bank’s files', () => {
  it('replaces text in every selected name, plain and case-sensitive, answering how many changed', async () => {
    const ids = await addAll('scan_scan.pdf', 'Scan.pdf', 'a.b*c.txt');
    const res = await rename(ids, { mode: 'replace', find: 'scan', replaceWith: 'relevé' });
    expect(res.statusCode, res.body).toBe(200);
    // Only the first had "scan": the others are unchanged, and not counted.
    expect(res.json()).toEqual({ changed: 1 });
    expect(await namesOf(ids)).toEqual(['relevé_relevé.pdf', 'Scan.pdf', 'a.b*c.txt']);
  });

  it('adds text before the name, or after it and before the extension', async () => {
    const ids = await addAll('scan.pdf', 'Pasted');
    expect((await rename(ids, { mode: 'add', text: '-2024', position: 'after' })).json()).toEqual({
      changed: 2,
    });
    expect(await namesOf(ids)).toEqual(['scan-2024.pdf', 'Pasted-2024']);
    await rename(ids, { mode: 'add', text: 'Sinistre ', position: 'before' });
    expect(await namesOf(ids)).toEqual(['Sinistre scan-2024.pdf', 'Sinistre Pasted-2024']);
  });

  it('changes a separator of the names, keeping their extensions', async () => {
    const ids = await addAll('__déclaration__été_.pdf', 'v1.2.eml');
    await rename(ids, { mode: 'separator', find: '_', replaceWith: ' ' });
    await rename(ids, { mode: 'separator', find: '.', replaceWith: '-' });
    expect(await namesOf(ids)).toEqual(['déclaration été.pdf', 'v1-2.eml']);
  });

  it('numbers the messages in the order of the ids, padded, keeping each extension, and audits each rename', async () => {
    const [a, b, c] = await addAll('a.eml', 'b.pdf', 'c');
    const res = await rename([c, a, b], { mode: 'nameAndIndex', name: 'claim', startIndex: 9 });
    expect(res.json()).toEqual({ changed: 3 });
    expect(await namesOf([c, a, b])).toEqual(['claim-09', 'claim-10.eml', 'claim-11.pdf']);

    const audit = await t.platform.db.query<{ record_id: string; action: string; changes: unknown }>(
      `SELECT record_id, action, changes FROM audit_logs
       WHERE record_id = ANY($1::text[]) AND action = 'update'`,
      [[a, b, c]],
    );
    expect(
      Object.fromEntries(audit.map((r) => [r.record_id, { action: r.action, changes: r.changes }])),
    ).toEqual({
      [c]: { action: 'update', changes: { name: { before: 'c', after: 'claim-09' } } },
      [a]: { action: 'update', changes: { name: { before: 'a.eml', after: 'claim-10.eml' } } },
      [b]: { action: 'update', changes: { name: { before: 'b.pdf', after: 'claim-11.pdf' } } },
    });
  });

  it('refuses a rename giving one message an empty name, naming it, and renames none', async () => {
    const ids = await addAll('draft-1.pdf', 'draft');
    const res = await rename(ids, { mode: 'replace', find: 'draft', replaceWith: '' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'RENAME_EMPTY_NAME', params: { name: 'draft' } });
    expect(res.json().details).toEqual([
      {
        path: 'action.rule',
        message: "The new name of 'draft' would be empty",
        code: 'testRenameEmpty',
        params: { name: 'draft' },
      },
    ]);
    expect(await namesOf(ids)).toEqual(['draft-1.pdf', 'draft']);
    const audit = await t.platform.db.query(
      `SELECT 1 FROM audit_logs WHERE record_id = ANY($1::text[]) AND action = 'update'`,
      [ids],
    );
    expect(audit).toEqual([]);
  });

  it('refuses a name longer than the bank keeps', async () => {
    const long = `${'x'.repeat(195)}.pdf`;
    const ids = await addAll('short.pdf', long);
    const res = await rename(ids, { mode: 'add', text: '-2024', position: 'after' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'RENAME_TOO_LONG', params: { name: long, max: 200 } });
    expect(res.json().details).toEqual([
      expect.objectContaining({ code: 'testRenameTooLong', params: { name: long, max: 200 } }),
    ]);
    expect(await namesOf(ids)).toEqual(['short.pdf', long]);
  });

  it('refuses an invalid rule and the cockpit level', async () => {
    const ids = await addAll('kept.pdf');
    expect((await rename(ids, { mode: 'replace', find: '', replaceWith: 'x' })).statusCode).toBe(400);
    expect((await rename(ids, { mode: 'shuffle' })).statusCode).toBe(400);
    const cockpit = await rename(ids, { mode: 'add', text: 'x', position: 'before' }, 'cockpit');
    expect(cockpit.statusCode).toBe(403);
    expect(await namesOf(ids)).toEqual(['kept.pdf']);
  });
});
