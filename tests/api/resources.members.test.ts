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

  it('refuses a username or an email that an account of the platform already has', async () => {
    const base = {
      firstname: 'A',
      lastname: 'B',
      username: 'someone-new',
      email: 'someone-new@example.test',
    };
    const username = await acme.call('POST', members, 'admin', { ...base, username: 'RIVAL-ADMIN' });
    expect(username.statusCode).toBe(409);
    expect(username.json()).toMatchObject({ code: 'USERNAME_TAKEN', details: [{ path: 'username' }] });
    const email = await acme.call('POST', members, 'admin', { ...base, email: 'Rival-Admin@example.test' });
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
