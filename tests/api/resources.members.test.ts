import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signIn } from './support/fixtures';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { linkIn, mailTo } from './support/mail';
import { startSmtpServer } from './support/smtp';
import { API, buildTenants, type Tenants } from './support/tenants';

const NEW_PASSWORD = 'Fresh-Account-Pass-9';
let t: TestPlatform;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let acme: Tenants;
let members: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestPlatform({ SMTP_URL: smtp.url, MAIL_FROM: 'Console <console@example.test>' });
  acme = await buildTenants(t);
  members = `${API}/organisations/${acme.ids.org}/members`;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const currentUser = async (authorization: string) =>
  (await t.app.inject({ method: 'GET', url: `${API}/user`, headers: { authorization } })).json();

describe('members', () => {
  it('creates the account without a password and mails a one-use link that sets it', async () => {
    const res = await acme.call(
      'POST',
      members,
      'admin',
      {
        firstname: 'Grace',
        lastname: 'Hopper',
        username: 'ghopper',
        email: 'grace.hopper@example.test',
        position: 'Analyst',
        projects: [{ projectId: acme.ids.project, access: 'qualifier' }],
      },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'ghopper', role: 'notAdmin', position: 'Analyst' });
    expect(res.json().projects).toEqual([{ projectId: acme.ids.project, access: 'qualifier' }]);
    // No password yet: nobody can sign in to it before following the link.
    await expect(signIn(t.app, 'ghopper', NEW_PASSWORD)).rejects.toThrow('401');

    // The new account reads its creator's language (French), not the request's.
    const mail = await mailTo(smtp, 'grace.hopper@example.test');
    expect(mail.subject).toBe('Votre compte pour Acme a été créé');
    const token = linkIn(mail, 'reset-password');
    const set = await t.app.inject({
      method: 'PUT',
      url: '/users/password/forgotten',
      payload: { token, password: NEW_PASSWORD },
    });
    expect(set.statusCode).toBe(204);
    const user = await currentUser(await signIn(t.app, 'ghopper', NEW_PASSWORD));
    expect(user.organisations[acme.ids.org]).toMatchObject({ name: 'Acme', role: 'notAdmin' });
    expect(user.organisations[acme.ids.org].projects[acme.ids.project].access).toBe('qualifier');
  });

  // docs/security.md, "Tenancy and roles": an administrator learns nothing of the accounts of other
  // organisations (docs/decisions/hardening-member-creation.md).
  it('answers alike whether an account elsewhere has the username or the address, making no second account', async () => {
    const levels = [{ projectId: acme.ids.project, access: 'cockpit' }];
    const create = (who: Record<string, string>) =>
      acme.call('POST', members, 'admin', {
        firstname: 'Nia',
        lastname: 'Ngo',
        position: 'Agent',
        projects: levels,
        ...who,
      });
    const answers = {
      fresh: await create({ username: 'nia-fresh', email: 'nia-fresh@example.test' }),
      // Rival's administrator's address, and its username: accounts of another organisation.
      address: await create({ username: 'nia-address', email: 'Rival-Admin@example.test' }),
      username: await create({ username: 'RIVAL-ADMIN', email: 'nia-username@example.test' }),
    };
    /** What a client can compare: status, headers that are not per response, body keys and values. */
    const shape = (res: (typeof answers)['fresh']) => {
      const { id, createdAt, username, email, ...rest } = res.json();
      return {
        status: res.statusCode,
        headers: Object.keys(res.headers).sort(),
        contentType: res.headers['content-type'],
        keys: Object.keys(res.json()).sort(),
        types: [typeof id, typeof createdAt, typeof username, typeof email],
        rest,
      };
    };
    expect(shape(answers.address)).toEqual(shape(answers.fresh));
    expect(shape(answers.username)).toEqual(shape(answers.fresh));
    expect(shape(answers.fresh)).toMatchObject({ status: 201, rest: { role: 'notAdmin', projects: levels } });
    // Each shows what the administrator typed, never the other account's.
    expect(answers.address.json()).toMatchObject({
      username: 'nia-address',
      email: 'Rival-Admin@example.test',
      firstname: 'Nia',
    });
    expect(answers.username.json()).toMatchObject({
      username: 'RIVAL-ADMIN',
      email: 'nia-username@example.test',
    });

    // Listed and read the same way.
    const listed = (
      await acme.call('GET', `${members}?filter=${encodeURIComponent(JSON.stringify({ q: 'Ngo' }))}`, 'admin')
    ).json() as Record<string, unknown>[];
    expect(listed.map((m) => m.username).sort()).toEqual(['RIVAL-ADMIN', 'nia-address', 'nia-fresh']);
    for (const m of listed) expect(Object.keys(m).sort()).toEqual(shape(answers.fresh).keys);
    for (const res of Object.values(answers))
      expect((await acme.call('GET', `${members}/${res.json().id}`, 'admin')).json()).toEqual(res.json());

    // No second account for the address or the username.
    const [{ n }] = await t.platform.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE lower(email) = 'rival-admin@example.test' OR lower(username) = 'rival-admin'`,
    );
    expect(n).toBe(1);

    // The account that has the address is invited, and joins with its own password.
    const invited = await mailTo(smtp, 'Rival-Admin@example.test');
    expect(invited.subject).toMatch(/Acme/);
    const token = linkIn(invited, 'invitation');
    const view = (await t.app.inject({ method: 'GET', url: `/invitations/${token}` })).json();
    expect(view).toMatchObject({ organisationName: 'Acme', accountExists: true });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/invitations/${token}/accept`,
      payload: { password: PASSWORD },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const rival = await currentUser(`Bearer ${accepted.json().token}`);
    expect(rival.username).toBe('rival-admin');
    expect(rival.organisations[acme.ids.org].projects[acme.ids.project].access).toBe('cockpit');
    expect(Object.keys(rival.organisations).sort()).toEqual([acme.ids.org, acme.ids.otherOrg].sort());

    // A new address with a username taken elsewhere: invited too; the invitee confirms a username.
    const other = linkIn(await mailTo(smtp, 'nia-username@example.test'), 'invitation');
    expect((await t.app.inject({ method: 'GET', url: `/invitations/${other}` })).json()).toMatchObject({
      accountExists: false,
      username: 'RIVAL-ADMIN',
    });
    const chosen = await t.app.inject({
      method: 'POST',
      url: `/invitations/${other}/accept`,
      payload: { username: 'nia-ngo', password: NEW_PASSWORD },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(
      (await currentUser(`Bearer ${chosen.json().token}`)).organisations[acme.ids.org].projects[
        acme.ids.project
      ].access,
    ).toBe('cockpit');
  });

  it('mails a new link when the address of a member waiting to join changes, the former one then void', async () => {
    const elsewhere = { email: 'wen@rival.test' };
    await acme.fixtures.user({ organisationId: acme.ids.otherOrg, email: elsewhere.email });
    const created = await acme.call('POST', members, 'admin', {
      firstname: 'Wen',
      lastname: 'Wait',
      username: 'wen-wait',
      email: elsewhere.email,
    });
    expect(created.statusCode).toBe(201);
    const former = linkIn(await mailTo(smtp, elsewhere.email), 'invitation');
    const url = `${members}/${created.json().id}`;
    const moved = await acme.call('PUT', url, 'admin', { email: 'wen.wait@example.test', position: 'Agent' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ email: 'wen.wait@example.test', position: 'Agent' });
    expect((await t.app.inject({ method: 'GET', url: `/invitations/${former}` })).statusCode).toBe(404);
    const next = linkIn(await mailTo(smtp, 'wen.wait@example.test'), 'invitation');
    expect((await t.app.inject({ method: 'GET', url: `/invitations/${next}` })).json()).toMatchObject({
      email: 'wen.wait@example.test',
      accountExists: false,
    });
    // Removed: the link leads nowhere, and the member is gone from the list.
    expect((await acme.call('DELETE', url, 'admin')).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/invitations/${next}` })).statusCode).toBe(404);
    expect((await acme.call('GET', url, 'admin')).statusCode).toBe(404);
  });

  it('refuses a username or an email of a member of the same organisation', async () => {
    const base = {
      firstname: 'A',
      lastname: 'B',
      username: 'someone-new',
      email: 'someone-new@example.test',
    };
    const username = await acme.call('POST', members, 'admin', { ...base, username: 'ACME-QUALIFIER' });
    expect(username.statusCode).toBe(409);
    expect(username.json()).toMatchObject({ code: 'USERNAME_TAKEN', details: [{ path: 'username' }] });
    const email = await acme.call('POST', members, 'admin', {
      ...base,
      email: 'Acme-Qualifier@example.test',
    });
    expect(email.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'This email address is already a member',
    });
  });

  it("refuses levels on another organisation's projects", async () => {
    const res = await acme.call('PUT', `${members}/${acme.users.cockpit.id}`, 'admin', {
      projects: [{ projectId: acme.ids.otherProject, access: 'configurator' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'projects.0.projectId', message: 'is not a project of this organisation' },
    ]);
  });

  it('keeps the last administrator: no self-demotion, no self-removal', async () => {
    const self = `${members}/${acme.users.admin.id}`;
    const demote = await acme.call('PUT', self, 'admin', { role: 'notAdmin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('LAST_ADMIN');
    expect((await acme.call('DELETE', self, 'admin')).json().code).toBe('LAST_ADMIN');
    // With a second administrator the first may step down.
    expect(
      (await acme.call('PUT', `${members}/${acme.users.noAccess.id}`, 'admin', { role: 'admin' })).statusCode,
    ).toBe(200);
    expect((await acme.call('PUT', self, 'admin', { role: 'notAdmin' })).json().role).toBe('notAdmin');
    expect((await acme.call('PUT', self, 'noAccess', { role: 'admin' })).statusCode).toBe(200);
  });

  it('leaves the account of someone who also belongs to another organisation to its owner', async () => {
    const shared = await acme.fixtures.user({ organisationId: acme.ids.otherOrg });
    await t.platform.db.query('INSERT INTO memberships (organisation_id, user_id) VALUES ($1, $2)', [
      acme.ids.org,
      shared.id,
    ]);
    const url = `${members}/${shared.id}`;
    const email = await acme.call('PUT', url, 'admin', { email: 'redirected@evil.test' });
    expect(email.statusCode).toBe(409);
    expect(email.json().code).toBe('MEMBER_ACCOUNT_SHARED');
    expect((await acme.call('PUT', url, 'admin', { position: 'Partner' })).statusCode).toBe(200);
    // Removing ends the membership only: the account goes on in Rival.
    expect((await acme.call('DELETE', url, 'admin')).statusCode).toBe(204);
    expect((await acme.call('GET', url, 'admin')).statusCode).toBe(404);
    const user = await currentUser(await signIn(t.app, shared.username, PASSWORD));
    expect(Object.keys(user.organisations)).toEqual([acme.ids.otherOrg]);
  });
});
