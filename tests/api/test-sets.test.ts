import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TagVisibilityRecord, TestSet } from '../../schemas/contracts/test-sets';
import { signIn } from './support/fixtures';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, listQuery, type Role, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;
/** A second qualifier of the project, who must not see the first one's private tags. */
let otherQualifier: string;

const project = () => `${API}/projects/${acme.ids.project}`;

type Caller = Role | 'otherQualifier';
const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: Caller, payload?: object) =>
  who === 'otherQualifier'
    ? t.app.inject({ method, url, headers: { authorization: otherQualifier }, payload })
    : acme.call(method, url, who, payload);

const testSets = async (who: Caller) => {
  const res = await call('GET', `${project()}/test-sets`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TestSet[]>();
};
const tagNames = async (who: Caller) =>
  (await call('GET', `${project()}/message-tags`, who)).json<{ tag: string }[]>().map((t) => t.tag);
const visibilities = async (who: Caller) =>
  (await call('GET', `${project()}/tag-visibility`, who)).json<TagVisibilityRecord[]>();
const setVisibility = (who: Caller, tag: string, visibility: 'public' | 'private') =>
  call('PUT', `${project()}/tag-visibility`, who, { tag, visibility });

const addMessage = async (name: string, tags: string[], qualified: boolean) => {
  const res = await acme.call('POST', `${project()}/messages`, 'qualifier', {
    name,
    text: `Texte ${name}`,
    tags,
    expected: { categories: ['Claim'] },
    ...(qualified ? { qualification: { categories: 'qualified' } } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
};

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  const user = await acme.fixtures.user({
    username: 'acme-qualifier-2',
    organisationId: acme.ids.org,
    projects: { [acme.ids.project]: 'qualifier' },
  });
  otherQualifier = await signIn(t.app, user.username);
  await addMessage('Set A1', ['set-ready', 'set-mixed'], true);
  await addMessage('Set A2', ['set-ready'], true);
  await addMessage('Set B1', ['set-mixed', 'set-mine'], false);
  await addMessage('Set B2', ['set-mine'], true);
});
afterAll(() => t.close());

describe('my test sets', () => {
  it('lists the bank’s tags, qualified only when every message is, with the latest test', async () => {
    const launched = await acme.call('POST', `${project()}/tests`, 'qualifier', {
      tag: 'set-ready',
      environmentId: acme.ids.env,
    });
    expect(launched.statusCode, launched.body).toBe(201);
    const sets = await testSets('qualifier');
    expect(sets.map((s) => s.tag)).toEqual(['set-mine', 'set-mixed', 'set-ready']);
    expect(sets.find((s) => s.tag === 'set-ready')).toMatchObject({
      messages: 2,
      qualified: 2,
      status: 'qualified',
      visibility: 'public',
      ownerId: null,
      mayChange: true,
      lastTest: { id: launched.json().id, status: expect.any(String), createdAt: expect.any(String) },
    });
    // A not qualified message makes the whole set not qualified.
    expect(sets.find((s) => s.tag === 'set-mixed')).toMatchObject({
      messages: 2,
      qualified: 1,
      status: 'not_qualified',
      lastTest: null,
    });
  });

  it('hides a private tag from another qualifier in the test sets and the tag pickers, not its messages', async () => {
    const made = await setVisibility('qualifier', 'set-mine', 'private');
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toEqual({
      tag: 'set-mine',
      visibility: 'private',
      ownerId: acme.users.qualifier.id,
      ownerName: 'acme-qualifier',
      mayChange: true,
    });
    expect((await testSets('qualifier')).map((s) => s.tag)).toContain('set-mine');
    expect(await tagNames('qualifier')).toContain('set-mine');

    expect((await testSets('otherQualifier')).map((s) => s.tag)).toEqual(['set-mixed', 'set-ready']);
    expect(await tagNames('otherQualifier')).not.toContain('set-mine');
    expect((await visibilities('otherQualifier')).map((v) => v.tag)).not.toContain('set-mine');
    // Also hidden from a configurator, who may still change it (below).
    expect(await tagNames('configurator')).not.toContain('set-mine');

    const bank = await call(
      'GET',
      `${project()}/messages${listQuery({ filter: { tags: 'set-mine' } })}`,
      'otherQualifier',
    );
    expect(
      bank
        .json()
        .map((m: { name: string }) => m.name)
        .sort(),
    ).toEqual(['Set B1', 'Set B2']);
  });

  it('refuses the change to another qualifier, lets a configurator make it public, keeps its owner', async () => {
    const refused = await setVisibility('otherQualifier', 'set-mine', 'public');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'TAG_NOT_OWNER',
      params: { tag: 'set-mine', owner: 'acme-qualifier' },
    });
    // Asking for the visibility it has changes nothing.
    expect((await setVisibility('otherQualifier', 'set-mine', 'private')).statusCode).toBe(200);

    const opened = await setVisibility('configurator', 'set-mine', 'public');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ visibility: 'public', ownerId: acme.users.qualifier.id });
    expect(await tagNames('otherQualifier')).toContain('set-mine');
    expect((await testSets('otherQualifier')).find((s) => s.tag === 'set-mine')).toMatchObject({
      visibility: 'public',
      ownerName: 'acme-qualifier',
      mayChange: false,
    });
    // Public again, it stays its owner's to change: another qualifier may not make it private.
    expect((await setVisibility('otherQualifier', 'set-mine', 'private')).statusCode).toBe(403);
    const audit = await t.platform.db.query<{ action: string }>(
      `SELECT action FROM audit_logs WHERE resource = 'test-sets' AND record_id = $1 ORDER BY created_at`,
      [`${acme.ids.project}/set-mine`],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('shows a tested private tag’s visibility to others, since the tests list names it', async () => {
    expect((await setVisibility('qualifier', 'set-ready', 'private')).statusCode).toBe(200);
    expect((await testSets('otherQualifier')).map((s) => s.tag)).not.toContain('set-ready');
    expect((await visibilities('otherQualifier')).find((v) => v.tag === 'set-ready')).toEqual({
      tag: 'set-ready',
      visibility: 'private',
      ownerId: acme.users.qualifier.id,
      ownerName: 'acme-qualifier',
      mayChange: false,
    });
    // A configurator who makes a tag private owns it from then on.
    expect((await setVisibility('configurator', 'set-ready', 'public')).statusCode).toBe(200);
    const taken = await setVisibility('configurator', 'set-ready', 'private');
    expect(taken.json()).toMatchObject({ ownerId: acme.users.configurator.id, mayChange: true });
    expect((await testSets('qualifier')).map((s) => s.tag)).not.toContain('set-ready');
  });

  it('refuses an unknown or malformed tag, the cockpit level and strangers', async () => {
    const unknown = await setVisibility('qualifier', 'set-nowhere', 'private');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'TAG_NOT_FOUND', params: { tag: 'set-nowhere' } });
    expect((await setVisibility('qualifier', 'a tag', 'private')).statusCode).toBe(400);
    for (const [who, status] of [
      ['cockpit', 403],
      ['noAccess', 404],
      ['outsider', 404],
    ] as const) {
      expect((await call('GET', `${project()}/test-sets`, who)).statusCode, who).toBe(status);
      expect((await call('GET', `${project()}/tag-visibility`, who)).statusCode, who).toBe(status);
      expect((await setVisibility(who, 'set-mixed', 'private')).statusCode, who).toBe(status);
    }
  });
});
