import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateAlerts, lateAnalysesSql, periodCountSql } from '../../server/alerts/evaluate';
import { startSmtpServer } from './support/smtp';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, listQuery, type Tenants } from './support/tenants';

/**
 * Alerts of an environment (spec pipeline §3, §4, §6, §9; docs/decisions/dashboard-alerts.md):
 * managed by cockpit viewers and above, evaluated by a job on the queue every ALERT_INTERVAL,
 * mailed over a real SMTP server, each firing listed.
 */

let t: TestPlatform;
let acme: Tenants;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

const alerts = (env = acme.ids.env) => `${API}/environments/${env}/alerts`;
const firings = (env = acme.ids.env) => `${API}/environments/${env}/alert-firings`;

/** An analysis created `minutesAgo` minutes ago, as the intake leaves it (or as the worker did). */
const analysis = async (
  environmentId: string,
  { name = 'Analysis', status = 'pending', minutesAgo = 0, categories = null as string[] | null } = {},
) => {
  const id = randomUUID();
  await t.platform.db.query(
    `INSERT INTO analyses (id, environment_id, name, input_type, status, created_at, result)
     VALUES ($1, $2, $3, 'text', $4, now() - make_interval(mins => $5::int), $6::jsonb)`,
    [
      id,
      environmentId,
      name,
      status,
      minutesAgo,
      // The categories decided, as the result has them (migration 021 keeps their names beside the row).
      categories
        ? JSON.stringify({ categories: categories.map((c) => ({ name: c, kind: 'message' })) })
        : null,
    ],
  );
  return id;
};

const mailsTo = (address: string) =>
  smtp.received.filter((m) => (m.to && 'text' in m.to ? m.to.text : '').includes(address));

/** The n-th mail (1-based) to `address`, once it has arrived. */
const nthMailTo = async (address: string, n: number): Promise<ParsedMail> => {
  const deadline = Date.now() + 20_000;
  while (mailsTo(address).length < n) {
    if (Date.now() > deadline) throw new Error(`no mail #${n} to ${address}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return mailsTo(address)[n - 1];
};

/** Lets a few evaluation rounds (ALERT_INTERVAL=1s) and mail deliveries pass. */
const rounds = () => new Promise((r) => setTimeout(r, 2500));

const firingsOf = async (alertId: string) => {
  const res = await acme.call('GET', `${firings()}${listQuery({ filter: { alertId } })}`, 'cockpit');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ analysisName: string | null; count: number | null; kind: string; email: string }[]>();
};

/** The `?filter=` of the analyses list link in a mail. */
const linkFilter = (mail: ParsedMail) => {
  const match =
    /http:\/\/console\.test\/project\/([\w-]+)\/environment\/([\w-]+)\/analyses\?filter=(\S+)/.exec(
      mail.text ?? '',
    );
  expect(match, mail.text).not.toBeNull();
  return {
    project: match![1],
    env: match![2],
    filter: JSON.parse(decodeURIComponent(match![3])) as Record<string, unknown>,
  };
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestPlatform({ SMTP_URL: smtp.url, ALERT_INTERVAL: '1' });
  acme = await buildTenants(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('alerts: management', () => {
  it('lets a cockpit viewer create, disable, edit and delete an alert; an enabled one is not edited', async () => {
    const created = await acme.call('POST', alerts(), 'cockpit', {
      kind: 'timeout',
      minutes: 600,
      email: 'manage@example.com',
    });
    expect(created.statusCode, created.body).toBe(201);
    const alert = created.json();
    expect(alert).toMatchObject({ kind: 'timeout', minutes: 600, enabled: true, threshold: null });
    expect(alert.ownerName).toBe('acme-cockpit');

    const list = await acme.call('GET', alerts(), 'cockpit');
    expect(list.json().map((a: { id: string }) => a.id)).toContain(alert.id);

    // Enabled: a change is refused with a code the console says in its words.
    const refused = await acme.call('PUT', `${alerts()}/${alert.id}`, 'cockpit', { ...alert, minutes: 30 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('ALERT_ENABLED');
    expect((await acme.call('GET', `${alerts()}/${alert.id}`, 'cockpit')).json().minutes).toBe(600);

    // Disabled first, then edited (into a threshold alert).
    const disabled = await acme.call('PUT', `${alerts()}/${alert.id}`, 'cockpit', {
      ...alert,
      enabled: false,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const edited = await acme.call('PUT', `${alerts()}/${alert.id}`, 'cockpit', {
      ...disabled.json<object>(),
      kind: 'threshold',
      threshold: 1000,
      interval: 'week',
      status: 'error',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      kind: 'threshold',
      threshold: 1000,
      interval: 'week',
      status: 'error',
      enabled: false,
    });
    expect((await acme.call('DELETE', `${alerts()}/${alert.id}`, 'cockpit')).statusCode).toBe(204);
    expect((await acme.call('GET', `${alerts()}/${alert.id}`, 'cockpit')).statusCode).toBe(404);
  });

  it('asks each kind for its settings and a valid address', async () => {
    const timeout = await acme.call('POST', alerts(), 'cockpit', { kind: 'timeout', email: 'a@example.com' });
    expect(timeout.statusCode).toBe(400);
    expect(timeout.json().details).toEqual([
      expect.objectContaining({ path: 'minutes', keyword: 'required' }),
    ]);
    const threshold = await acme.call('POST', alerts(), 'cockpit', {
      kind: 'threshold',
      threshold: 10,
      email: 'a@example.com',
    });
    expect(threshold.statusCode).toBe(400);
    expect(threshold.json().details).toEqual([
      expect.objectContaining({ path: 'interval', keyword: 'required' }),
    ]);
    const email = await acme.call('POST', alerts(), 'cockpit', {
      kind: 'timeout',
      minutes: 5,
      email: 'nobody',
    });
    expect(email.statusCode).toBe(400);
    const interval = await acme.call('POST', alerts(), 'cockpit', {
      kind: 'threshold',
      threshold: 10,
      interval: 'year',
      email: 'a@example.com',
    });
    expect(interval.statusCode).toBe(400);
  });

  it('keeps alerts and firings from callers without access and from other organisations', async () => {
    const created = await acme.call('POST', alerts(), 'qualifier', {
      kind: 'timeout',
      minutes: 600,
      email: 'hidden@example.com',
      enabled: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect((await acme.call('GET', alerts(), 'anonymous')).statusCode).toBe(401);
    expect((await acme.call('GET', alerts(), 'noAccess')).statusCode).toBe(404);
    expect((await acme.call('GET', firings(), 'noAccess')).statusCode).toBe(404);
    expect(
      (await acme.call('POST', alerts(), 'noAccess', { kind: 'timeout', minutes: 5, email: 'x@example.com' }))
        .statusCode,
    ).toBe(404);
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await acme.call(method, `${alerts()}/${id}`, 'outsider')).statusCode).toBe(404);
    }
    expect((await acme.call('GET', firings(), 'outsider')).statusCode).toBe(404);
    // Through the outsider's own environment, Acme's alert does not exist either.
    expect((await acme.call('GET', `${alerts(acme.ids.otherEnv)}/${id}`, 'outsider')).statusCode).toBe(404);
    expect(
      (
        await acme.call('PUT', `${alerts(acme.ids.otherEnv)}/${id}`, 'outsider', {
          kind: 'timeout',
          minutes: 1,
          email: 'x@example.com',
        })
      ).statusCode,
    ).toBe(404);
    // Firings are the platform's to write.
    expect((await acme.call('POST', firings(), 'admin', { email: 'x@example.com' })).statusCode).toBe(404);
    await acme.call('DELETE', `${alerts()}/${id}`, 'qualifier');
  });
});

describe('alerts: evaluation by the scheduled job', () => {
  it('mails a timeout alert once per stalled analysis, with a link to them', async () => {
    const { env, project, otherEnv } = acme.ids;
    const stalled = await analysis(env, { name: 'Stalled claim', minutesAgo: 20 });
    await analysis(env, { name: 'Recent claim', minutesAgo: 1 });
    await analysis(env, { name: 'Old finished claim', status: 'processed', minutesAgo: 60 });
    await analysis(otherEnv, { name: 'Rival stalled', minutesAgo: 60 });
    const created = await acme.call('POST', alerts(), 'cockpit', {
      kind: 'timeout',
      minutes: 10,
      email: 'timeout@example.com',
    });
    expect(created.statusCode, created.body).toBe(201);
    const alert = created.json();

    const mail = await nthMailTo('timeout@example.com', 1);
    expect(mail.subject).toBe('Alerte : 1 analyse non terminée depuis plus de 10 minutes dans Production');
    expect(mail.text).toContain('Stalled claim');
    expect(mail.text).not.toMatch(/Recent claim|Old finished claim|Rival/);
    const link = linkFilter(mail);
    expect(link).toMatchObject({ project, env, filter: { status: ['waiting', 'pending'] } });
    // The link's cut-off leaves the recent analysis out of the list it opens.
    expect(Date.parse(link.filter.createdAt_lte as string)).toBeLessThan(Date.now() - 9 * 60_000);

    // Later rounds do not mail it again; a newly stalled analysis gets its own mail.
    await rounds();
    expect(mailsTo('timeout@example.com')).toHaveLength(1);
    await analysis(env, { name: 'Second stalled claim', minutesAgo: 11 });
    const second = await nthMailTo('timeout@example.com', 2);
    expect(second.text).toContain('Second stalled claim');
    expect(second.text).not.toContain('Stalled claim\n');
    await rounds();
    expect(mailsTo('timeout@example.com')).toHaveLength(2);
    expect(await evaluateAlerts(t.platform.db, t.platform.queue, 'http://console.test')).toBe(0);

    const listed = await firingsOf(alert.id);
    expect(listed.map((f) => f.analysisName).sort()).toEqual(['Second stalled claim', 'Stalled claim']);
    expect(listed.every((f) => f.kind === 'timeout' && f.email === 'timeout@example.com')).toBe(true);
    expect((await acme.call('GET', `${alerts()}/${alert.id}`, 'cockpit')).json().lastFiredAt).not.toBeNull();

    // Once disabled, a stalled analysis is not reported.
    const current = (await acme.call('GET', `${alerts()}/${alert.id}`, 'cockpit')).json();
    const disabled = await acme.call('PUT', `${alerts()}/${alert.id}`, 'cockpit', {
      ...current,
      enabled: false,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await t.platform.db.query("UPDATE analyses SET status = 'processed' WHERE id = $1", [stalled]);
    await analysis(env, { name: 'Unwatched claim', minutesAgo: 30 });
    await rounds();
    expect(mailsTo('timeout@example.com')).toHaveLength(2);
  });

  it('mails a threshold alert once per crossing of its period, then again once re-armed', async () => {
    const { env } = acme.ids;
    const created = await acme.call('POST', alerts(), 'cockpit', {
      kind: 'threshold',
      threshold: 2,
      interval: 'day',
      category: 'Storm',
      email: 'threshold@example.com',
    });
    expect(created.statusCode, created.body).toBe(201);
    const alert = created.json();
    const storm = () => analysis(env, { status: 'processed', categories: ['Storm'] });
    const a = await storm();
    await storm();
    await analysis(env, { status: 'processed', categories: ['Flood'] });
    expect(await evaluateAlerts(t.platform.db, t.platform.queue, 'http://console.test')).toBe(0);
    await rounds();
    // Two are not more than two.
    expect(mailsTo('threshold@example.com')).toHaveLength(0);

    await storm();
    const mail = await nthMailTo('threshold@example.com', 1);
    expect(mail.subject).toBe("Alerte : plus de 2 analyses aujourd'hui dans Production");
    expect(mail.text).toContain('3 analyses de la catégorie Storm');
    const { filter } = linkFilter(mail);
    expect(filter.categories).toBe('Storm');
    expect(new Date(filter.createdAt_gte as string).toISOString()).toMatch(/T00:00:00\.000Z$/);

    // Still over: no second mail in the same period.
    await storm();
    await rounds();
    expect(mailsTo('threshold@example.com')).toHaveLength(1);

    // Falls back (two deleted), then crosses again: mailed again.
    await t.platform.db.query('DELETE FROM analyses WHERE id = $1', [a]);
    await t.platform.db.query(
      "DELETE FROM analyses WHERE id = (SELECT id FROM analyses WHERE 'Storm' = ANY(categories) LIMIT 1)",
    );
    await rounds();
    expect(mailsTo('threshold@example.com')).toHaveLength(1);
    await storm();
    const again = await nthMailTo('threshold@example.com', 2);
    expect(again.text).toContain('3 analyses de la catégorie Storm');

    // A new period: it fired in the previous one, so the count still over the threshold fires again.
    await t.platform.db.query(
      "UPDATE alerts SET fired_period = fired_period - interval '1 day' WHERE id = $1",
      [alert.id],
    );
    await nthMailTo('threshold@example.com', 3);
    await rounds();
    expect(mailsTo('threshold@example.com')).toHaveLength(3);

    const listed = await firingsOf(alert.id);
    expect(listed.map((f) => f.count)).toEqual([3, 3, 3]);
    expect(listed.every((f) => f.kind === 'threshold')).toBe(true);
  });

  /** An alert on this hour's aborted analyses, saved from the English console; its first mail to `email`. */
  const alertFromEnglishConsole = async (email: string) => {
    const created = await acme.call(
      'POST',
      alerts(),
      'cockpit',
      { kind: 'threshold', threshold: 0, interval: 'hour', status: 'aborted', email },
      { 'accept-language': 'en' },
    );
    expect(created.statusCode, created.body).toBe(201);
    await analysis(acme.ids.env, { status: 'aborted' });
    return nthMailTo(email, 1);
  };

  it('mails in English the alerts saved from the English console', async () => {
    const mail = await alertFromEnglishConsole('english@example.com');
    expect(mail.subject).toBe('Alert: over 0 analyses this hour in Production');
    expect(mail.text).toContain('1 analysis with the status “aborted” was created this hour');
  });

  it('mails a user in the user’s own language, whatever the console the alert was saved from', async () => {
    // The address is the user's whatever its case.
    await t.platform.db.query(
      `UPDATE users SET email = 'Reader@Example.com', language = 'fr'
       WHERE id = (SELECT id FROM users ORDER BY created_at DESC LIMIT 1)`,
    );
    const mail = await alertFromEnglishConsole('reader@example.com');
    expect(mail.subject).toBe('Alerte : plus de 0 analyses cette heure-ci dans Production');
  });
});

describe('alerts: evaluation cost on a big table', () => {
  it('reads the unfinished and the period’s analyses by index, not the whole table', async () => {
    const big = await acme.fixtures.environment(acme.ids.project, 'Big');
    // Two years of finished analyses, and a few unfinished ones.
    await t.platform.db.query(
      `INSERT INTO analyses (id, environment_id, name, input_type, status, created_at, result)
       SELECT gen_random_uuid(), $1, 'a' || i, 'text', CASE WHEN i % 5000 = 0 THEN 'pending' ELSE 'processed' END,
              now() - make_interval(mins => i * 35), '{"categories":[{"name":"Claim","kind":"message"}]}'::jsonb
       FROM generate_series(1, 30000) AS i`,
      [big],
    );
    await t.platform.db.query('ANALYZE analyses');
    const plan = async (sql: string, params: unknown[]) =>
      (await t.platform.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params))
        .map((r) => r['QUERY PLAN'])
        .join('\n');

    const late = await plan(lateAnalysesSql, [big, 10, randomUUID()]);
    expect(late).toContain('analyses_unfinished_created_idx');
    expect(late).not.toMatch(/Seq Scan on analyses/);
    const today = new Date(new Date().toISOString().slice(0, 10));
    for (const filters of [
      { status: false, category: false },
      { status: true, category: false },
      { status: true, category: true },
    ]) {
      const params = [
        big,
        today,
        ...(filters.status ? ['error'] : []),
        ...(filters.category ? ['Claim'] : []),
      ];
      const count = await plan(periodCountSql(filters), params);
      // The dashboard's index, or the (environment_id, created_at DESC) one it extends.
      expect(count).toMatch(/analyses_(dashboard|environment_created)_idx/);
      expect(count).not.toMatch(/Seq Scan on analyses/);
    }
  });
});
