import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorRun, ImapConnector as Connector } from '../../schemas/contracts/connectors';
import type { UseCaseTemplate } from '../../schemas/contracts/configuration';
import { startDovecot, type Dovecot } from '../support/dovecot';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { analysesOf, mailEnvironment, waitUntil } from './support/connectors';
import { API, buildTenants, type Tenants } from './support/tenants';

// The IMAP connector against a real Dovecot (DESIGN.md §7): mail delivered over LMTP becomes one
// analysis each, once; labels and drafts go back to the server; a run cut in the middle loses and
// doubles nothing; a UIDVALIDITY change is handled; the spec's start-date rule, blacklists and
// expect consolidation.

let t: TestPlatform;
let acme: Tenants;
let dovecot: Dovecot;
let env: string;
let sample: UseCaseTemplate['samples'][number];
const PASSWORD = 'mailbox-password-1';
const SECRET_KEY = 'connectors-test-secrets-key-0123456789abcdef';

const url = (path = '') => `${API}/environments/${env}/connectors${path}`;
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

const imapSettings = (user: string, more: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port: dovecot.port,
  security: 'none',
  username: user,
  folder: 'INBOX',
  draftsFolder: null,
  startDate: null,
  blacklist: [],
  postProcessors: ['LABEL', 'DRAFT'],
  expectConsolidation: false,
  ...more,
});

const createConnector = async (user: string, more: Record<string, unknown> = {}, password = PASSWORD) => {
  const res = await acme.call('POST', url(), 'configurator', {
    name: `Mailbox of ${user}`,
    appType: 'imap',
    settings: imapSettings(user, more),
    secrets: { password },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Connector;
};

const activate = async (id: string) => {
  const res = await acme.call('PUT', url(`/${id}/active`), 'configurator', { active: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Connector;
};

const analyses = () => analysesOf(acme, env);

/** A connector's runs, newest first. */
const runsOf = async (id: string) =>
  ((await acme.call('GET', url(`/${id}/runs`), 'configurator')).json() as { data: ConnectorRun[] }).data;

/** Waits until a run (by the answer that queued it) has ended in `state`. */
const runEnded = (id: string, runId: string, state: 'done' | 'failed' = 'done') =>
  waitUntil(
    () => runsOf(id),
    (r) => r.find((x) => x.id === runId)?.state === state,
  );

const keywordsOf = async (user: string) => {
  const client = await dovecot.client(user, PASSWORD);
  try {
    await client.mailboxOpen('INBOX');
    const out: { subject: string; flags: string[] }[] = [];
    for await (const m of client.fetch('1:*', { envelope: true, flags: true }))
      out.push({ subject: m.envelope?.subject ?? '', flags: [...(m.flags ?? [])] });
    return out;
  } finally {
    await client.logout();
  }
};

const drafts = async (user: string) => {
  const client = await dovecot.client(user, PASSWORD);
  try {
    const box = await client.mailboxOpen('Drafts');
    if (!box.exists) return [];
    const out: string[] = [];
    for await (const m of client.fetch('1:*', { source: true })) out.push(m.source!.toString());
    return out;
  } finally {
    await client.logout();
  }
};

beforeAll(async () => {
  dovecot = await startDovecot();
  // Before the server's first login: Dovecot reads its password file again only when it changes.
  for (const user of ['ana', 'bob', 'carla', 'dan', 'eve', 'gus', 'hal', 'ivy'])
    dovecot.addUser(user, PASSWORD);
  t = await startTestPlatform({
    OUTBOUND_ALLOW: '127.0.0.1',
    SECRETS_KEY: SECRET_KEY,
    CONNECTOR_INTERVAL: '1',
    // A message over 2 MB is too large to analyse here; a connector failing is mailed at once.
    UPLOAD_MAX_BYTES: String(2 * 1_048_576),
    CONNECTOR_FAILING_MAIL_AFTER: '0',
  });
  acme = await buildTenants(t);
  ({ env, sample } = await mailEnvironment(acme, 'Mail'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await dovecot?.stop();
});

describe('an IMAP connector (docs/connectors.md)', () => {
  it('brings each new mail in once as an analysis, and writes its label and reply draft back', async () => {
    const created = await createConnector('ana');
    expect(created).toMatchObject({
      appType: 'imap',
      active: false,
      health: 'unknown',
      secretsSet: ['password'],
    });
    expect(JSON.stringify(created)).not.toContain(PASSWORD);
    // Unset, the start date is 24 h ago (spec pipeline §5).
    expect(Date.now() - Date.parse(created.settings.startDate!)).toBeGreaterThan(23.9 * 3_600_000);

    await dovecot.deliver('ana', {
      from: 'client@example.org',
      subject: sample.subject,
      text: sample.text,
      messageId: '<first@example.org>',
    });
    const active = await activate(created.id);
    expect(active).toMatchObject({ active: true, health: 'healthy' });

    const [analysis] = await waitUntil(analyses, (list) =>
      list.some((a) => a.name === sample.subject && ['processed', 'error'].includes(a.status)),
    );
    expect(analysis).toMatchObject({ name: sample.subject, status: 'processed' });
    const { result } = (
      await acme.call('GET', `${API}/environments/${env}/analyses/${analysis.id}/result`, 'configurator')
    ).json();
    const categories = (result.output.categories as { name: string }[]).map((c) => c.name);
    expect(categories.length).toBeGreaterThan(0);

    // The label (the category, as an IMAP keyword) and the reply draft reach the mailbox.
    const [message] = await waitUntil(
      () => keywordsOf('ana'),
      (ms) => ms[0]?.flags.some((f) => !f.startsWith('\\')),
    );
    const keyword = categories[0]
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9_.-]+/g, '_');
    expect(message.flags).toContain(keyword);
    const [draft] = await waitUntil(
      () => drafts('ana'),
      (d) => d.length > 0,
    );
    expect(draft).toMatch(/^Subject: Re: /m);
    expect(draft).toMatch(/^In-Reply-To: <first@example.org>/m);
    expect(draft).toMatch(/^To: client@example.org/m);

    // Another run brings nothing twice.
    await dovecot.deliver('ana', {
      from: 'client@example.org',
      subject: 'Second mail',
      text: 'Bonjour',
      messageId: '<second@example.org>',
    });
    await waitUntil(analyses, (list) => list.some((a) => a.name === 'Second mail'));
    await new Promise((r) => setTimeout(r, 2500));
    const names = (await analyses()).map((a) => a.name);
    expect(names.filter((n) => n === sample.subject)).toHaveLength(1);
    expect(names.filter((n) => n === 'Second mail')).toHaveLength(1);
    const detail = (await acme.call('GET', url(`/${created.id}`), 'configurator')).json() as Connector;
    expect(detail).toMatchObject({ messages: 2, health: 'healthy' });
    expect(detail.lastExecutionAt).not.toBeNull();
  }, 90_000);

  it('refuses a start date more than 24 h ago, an internal host, and a connector without password', async () => {
    const early = await acme.call('POST', url(), 'configurator', {
      name: 'Too early',
      appType: 'imap',
      settings: imapSettings('x', { startDate: new Date(Date.now() - 25 * 3_600_000).toISOString() }),
      secrets: { password: 'p' },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().details).toEqual([
      expect.objectContaining({
        path: 'settings.startDate',
        code: 'startDateTooEarly',
        params: { hours: 24 },
      }),
    ]);
    const internal = await acme.call('POST', url(), 'configurator', {
      name: 'Internal',
      appType: 'imap',
      settings: imapSettings('x', { host: '10.1.2.3' }),
      secrets: { password: 'p' },
    });
    expect(internal.statusCode).toBe(400);
    expect(internal.json().details).toEqual([
      expect.objectContaining({ path: 'settings.host', code: 'urlInternal' }),
    ]);
    const noPassword = await acme.call('POST', url(), 'configurator', {
      name: 'No password',
      appType: 'imap',
      settings: imapSettings('x'),
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().details).toEqual([expect.objectContaining({ path: 'secrets.password' })]);
    const badBlacklist = await acme.call('POST', url(), 'configurator', {
      name: 'Bad list',
      appType: 'imap',
      settings: imapSettings('x', { blacklist: ['not an address'] }),
      secrets: { password: 'p' },
    });
    expect(badBlacklist.statusCode).toBe(400);
  });

  it('is not switched on with a wrong password: the check says why, and the connector is unhealthy', async () => {
    const created = await createConnector('bob', {}, 'wrong-password');
    const res = await acme.call('PUT', url(`/${created.id}/active`), 'configurator', { active: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'CONNECTOR_CHECK_FAILED',
      params: { problem: 'IMAP_AUTH_FAILED' },
    });
    const after = (await acme.call('GET', url(`/${created.id}`), 'configurator')).json() as Connector;
    expect(after).toMatchObject({
      active: false,
      health: 'unhealthy',
      healthProblem: { code: 'IMAP_AUTH_FAILED' },
    });
    // The right password, given on edit, makes it work; the password is never answered.
    const edited = await acme.call('PUT', url(`/${created.id}`), 'configurator', {
      name: created.name,
      appType: 'imap',
      settings: created.settings,
      secrets: { password: PASSWORD },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.body).not.toContain(PASSWORD);
    const check = await acme.call('POST', url(`/${created.id}/healthcheck`), 'configurator');
    expect(check.json()).toMatchObject({
      ok: true,
      folder: { path: 'INBOX' },
      connector: { health: 'healthy' },
    });
  });

  it('in folder mode, copies the message into a folder named after each label, made when missing', async () => {
    await dovecot.deliver('ivy', {
      from: 'client@example.org',
      subject: 'Filed by folder',
      text: sample.text,
    });
    const created = await createConnector('ivy', { postProcessors: ['LABEL'], labelMode: 'folder' });
    expect(created.settings.labelMode).toBe('folder');
    await activate(created.id);
    const [analysis] = await waitUntil(
      async () => (await analyses()).filter((a) => a.name === 'Filed by folder'),
      (l) => l[0]?.status === 'processed',
    );
    const { result } = (
      await acme.call('GET', `${API}/environments/${env}/analyses/${analysis.id}/result`, 'configurator')
    ).json();
    const category = (result.output.categories as { name: string }[])[0].name;
    const copies = await waitUntil(
      async () => {
        const client = await dovecot.client('ivy', PASSWORD);
        try {
          if (!(await client.list()).some((f) => f.path === category)) return 0;
          const status = await client.status(category, { messages: true });
          return status ? (status.messages ?? 0) : 0;
        } finally {
          await client.logout();
        }
      },
      (n) => n > 0,
    );
    expect(copies).toBe(1);
    // The message itself stays where it was, without keywords.
    expect((await keywordsOf('ivy'))[0].flags.filter((f) => !f.startsWith('\\'))).toEqual([]);
  });

  it('skips blacklisted senders and domains, and counts them in the run', async () => {
    await dovecot.deliver('carla', { from: 'spam@spam.example', subject: 'Blocked by domain', text: 'x' });
    await dovecot.deliver('carla', { from: 'boss@corp.example', subject: 'Blocked by address', text: 'x' });
    await dovecot.deliver('carla', { from: 'client@corp.example', subject: 'Kept mail', text: 'Bonjour' });
    const created = await createConnector('carla', { blacklist: ['spam.example', 'boss@corp.example'] });
    await activate(created.id);
    await waitUntil(analyses, (list) => list.some((a) => a.name === 'Kept mail'));
    const runs = await waitUntil(
      () => runsOf(created.id),
      (r) => r.some((x) => x.state === 'done' && x.found > 0),
    );
    expect(runs.find((r) => r.found > 0)).toMatchObject({
      found: 3,
      fetched: 1,
      blacklisted: 2,
      kind: 'scheduled',
    });
    const names = (await analyses()).map((a) => a.name);
    expect(names).not.toContain('Blocked by domain');
    expect(names).not.toContain('Blocked by address');
  });

  it('with expect consolidation, waits for the final status and writes the consolidation’s labels', async () => {
    await dovecot.deliver('dan', {
      from: 'client@example.org',
      subject: 'Awaiting consolidation',
      text: sample.text,
    });
    const created = await createConnector('dan', { expectConsolidation: true, postProcessors: ['LABEL'] });
    await activate(created.id);
    const [waiting] = await waitUntil(
      async () => (await analyses()).filter((a) => a.name === 'Awaiting consolidation'),
      (l) => l.length === 1 && l[0].status === 'pending',
    );
    // Processed but waiting for its status: nothing written back yet.
    await new Promise((r) => setTimeout(r, 2500));
    expect((await keywordsOf('dan'))[0].flags.filter((f) => !f.startsWith('\\'))).toEqual([]);
    const key = await acme.call('POST', `${API}/environments/${env}/access-keys`, 'configurator', {
      name: 'consolidation',
    });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/v4/api/analyses/${waiting.id}`,
      headers: { authorization: `Bearer ${key.json().secret}` },
      payload: { status: 'processed', exchangeLabels: ['Dossier traité'] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const [message] = await waitUntil(
      () => keywordsOf('dan'),
      (ms) => ms[0]?.flags.includes('Dossier_traite'),
    );
    expect(message.flags).toContain('Dossier_traite');
  });

  it('handles a UIDVALIDITY change: the folder is read again, nothing analysed twice', async () => {
    await dovecot.deliver('eve', {
      from: 'a@example.org',
      subject: 'Before the reset',
      text: 'x',
      messageId: '<eve-1@example.org>',
    });
    const created = await createConnector('eve', { postProcessors: [] });
    await activate(created.id);
    await waitUntil(analyses, (l) => l.some((a) => a.name === 'Before the reset'));
    await acme.call('PUT', url(`/${created.id}/active`), 'configurator', { active: false });
    await dovecot.resetUidValidity('eve');
    await dovecot.deliver('eve', {
      from: 'a@example.org',
      subject: 'After the reset',
      text: 'x',
      messageId: '<eve-2@example.org>',
    });
    await activate(created.id);
    await waitUntil(analyses, (l) => l.some((a) => a.name === 'After the reset'));
    await new Promise((r) => setTimeout(r, 2500));
    const names = (await analyses()).map((a) => a.name);
    expect(names.filter((n) => n === 'Before the reset')).toHaveLength(1);
    expect(names.filter((n) => n === 'After the reset')).toHaveLength(1);
  });

  it('a manual run reads a window again; with force duplicates it makes new analyses', async () => {
    const [connector] = (
      (await acme.call('GET', url(), 'configurator')).json() as { data: Connector[] }
    ).data.filter((c) => c.settings.username === 'eve');
    const plain = await acme.call('POST', url(`/${connector.id}/runs`), 'configurator', {
      fromDate: hourAgo(),
      toDate: null,
      forceDuplicates: false,
    });
    expect(plain.statusCode, plain.body).toBe(201);
    const done = await runEnded(connector.id, plain.json().id);
    expect(done.find((x) => x.id === plain.json().id)).toMatchObject({
      kind: 'manual',
      found: 2,
      fetched: 0,
      duplicates: 2,
    });
    const forced = await acme.call('POST', url(`/${connector.id}/runs`), 'configurator', {
      fromDate: hourAgo(),
      toDate: null,
      forceDuplicates: true,
    });
    await runEnded(connector.id, forced.json().id);
    const names = (await analyses()).map((a) => a.name);
    expect(names.filter((n) => n === 'Before the reset')).toHaveLength(2);
  });

  it('passes a message too large and one malformed, counted or analysed, and goes on with the next', async () => {
    await dovecot.deliver('gus', {
      from: 'big@example.org',
      subject: 'Too large',
      text: 'x'.repeat(3 * 1_048_576),
    });
    await dovecot.deliver('gus', Buffer.from('\x00\x01 not a mail at all \xff\xfe\r\n\r\n\x00'));
    await dovecot.deliver('gus', {
      from: 'client@example.org',
      subject: 'After the bad ones',
      text: 'Bonjour',
    });
    const created = await createConnector('gus', { postProcessors: [] });
    await activate(created.id);
    await waitUntil(analyses, (l) => l.some((a) => a.name === 'After the bad ones'));
    const runs = await waitUntil(
      () => runsOf(created.id),
      (r) => r.some((x) => x.state === 'done' && x.found > 0),
    );
    expect(runs.find((r) => r.found > 0)).toMatchObject({ found: 3, fetched: 2, tooLarge: 1 });
    expect((await analyses()).map((a) => a.name)).not.toContain('Too large');
    const detail = (await acme.call('GET', url(`/${created.id}`), 'configurator')).json() as Connector;
    expect(detail).toMatchObject({ health: 'healthy', messages: 2 });
  });

  it('a server that drops the connection makes its connector unhealthy, mails its creator, and slows no other', async () => {
    // Greets as an IMAP server, then closes the connection at the first command.
    const dropping = createServer((socket) => {
      socket.write('* OK IMAP4rev1 ready\r\n');
      socket.once('data', () => socket.destroy());
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const { port } = dropping.address() as { port: number };
    try {
      const broken = await createConnector('hal', { port });
      const check = await acme.call('POST', url(`/${broken.id}/healthcheck`), 'configurator');
      expect(check.json()).toMatchObject({ ok: false, problem: { code: 'IMAP_CONNECTION_LOST' } });
      const detail = (await acme.call('GET', url(`/${broken.id}`), 'configurator')).json() as Connector;
      expect(detail).toMatchObject({ health: 'unhealthy', healthProblem: { code: 'IMAP_CONNECTION_LOST' } });
      // A run fails the same way; its creator is told by mail (CONNECTOR_FAILING_MAIL_AFTER is 0 here), once.
      for (let i = 0; i < 2; i++) {
        const run = await acme.call('POST', url(`/${broken.id}/runs`), 'configurator', {
          fromDate: hourAgo(),
          toDate: null,
          forceDuplicates: false,
        });
        await runEnded(broken.id, run.json().id, 'failed');
      }
      const mails = await t.platform.db.query<{ text_body: string }>(
        `SELECT text_body FROM outbox WHERE text_body LIKE '%Mailbox of hal%'`,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0].text_body).toContain('Le serveur a répondu : La connexion à 127.0.0.1 a été perdue');
      // Meanwhile, another mailbox's mail still comes in.
      await dovecot.deliver('ana', {
        from: 'client@example.org',
        subject: 'While another fails',
        text: 'Bonjour',
      });
      await waitUntil(analyses, (l) => l.some((a) => a.name === 'While another fails'));
    } finally {
      dropping.close();
    }
  });

  it('is for configurators only, on every route, and its secrets are never in an answer', async () => {
    const list = await acme.call('GET', url(), 'configurator');
    expect(list.body).not.toContain(PASSWORD);
    const [one] = (list.json() as { data: Connector[] }).data;
    const id = one.id;
    const body = { name: 'x', appType: 'imap', settings: imapSettings('x'), secrets: { password: 'p' } };
    const run = { fromDate: hourAgo(), toDate: null, forceDuplicates: false };
    // prettier-ignore
    const rows: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object | undefined][] = [
      ['list',        'GET',    url(),                    undefined],
      ['get',         'GET',    url(`/${id}`),            undefined],
      ['create',      'POST',   url(),                    body],
      ['update',      'PUT',    url(`/${id}`),            { name: 'x', appType: 'imap', settings: imapSettings('x') }],
      ['delete',      'DELETE', url(`/${id}`),            undefined],
      ['activate',    'PUT',    url(`/${id}/active`),     { active: false }],
      ['healthcheck', 'POST',   url(`/${id}/healthcheck`), undefined],
      ['run',         'POST',   url(`/${id}/runs`),       run],
      ['runs',        'GET',    url(`/${id}/runs`),       undefined],
    ];
    // Refused before anything is read or changed: qualifiers and cockpit 403, others 404, anonymous 401.
    const refused = { qualifier: 403, cockpit: 403, noAccess: 404, outsider: 404, anonymous: 401 } as const;
    const failures: string[] = [];
    for (const [name, method, path, payload] of rows)
      for (const [who, status] of Object.entries(refused)) {
        const res = await acme.call(method, path, who as keyof typeof refused, payload);
        if (res.statusCode !== status)
          failures.push(`${name} as ${who}: ${res.statusCode} (expected ${status})`);
      }
    expect(failures).toEqual([]);
    for (const who of ['admin', 'configurator', 'staff'] as const)
      expect((await acme.call('GET', url(`/${id}`), who)).statusCode).toBe(200);
    expect(
      ((await acme.call('GET', url(), 'configurator')).json() as { data: Connector[] }).data.length,
    ).toBeGreaterThan(0);
  });

  it('keeps secrets sealed in the database and out of the logs', async () => {
    const rows = await t.platform.db.query<{ secrets: string }>('SELECT secrets FROM connectors');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.secrets).toMatch(/^v1:[0-9a-f]{8}:/);
      expect(r.secrets).not.toContain(PASSWORD);
    }
    const audit = await t.platform.db.query<{ changes: unknown }>(
      "SELECT row_to_json(a)::text AS changes FROM audit_logs a WHERE resource = 'connectors'",
    );
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
  });
});
