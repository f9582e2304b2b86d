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

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestPlatform({ SMTP_URL: smtp.url, MAIL_FROM: 'Console <console@example.test>' });
  acme = await buildTenants(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const currentUser = async (authorization: string) =>
  (await t.app.inject({ method: 'GET', url: `${API}/user`, headers: { authorization } })).json();

describe('invitations', () => {
  const invitations = () => `${API}/organisations/${acme.ids.org}/invitations`;
  const invite = (email: string, extra: Record<string, unknown> = {}) =>
    acme.call('POST', invitations(), 'admin', { email, firstname: 'Ivy', lastname: 'Vited', ...extra });
  const publicCall = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}) });

  it('mails a link; the invitee reads it, accepts with a new account and signs in as a member', async () => {
    const created = await invite('ivy@example.test', { role: 'admin', position: 'Head of claims' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ state: 'pending', role: 'admin' });
    const mail = await mailTo(smtp, 'ivy@example.test');
    // A new address is written in the inviter's language (French here).
    expect(mail.subject).toBe('Invitation à rejoindre Acme');
    const token = linkIn(mail, 'invitation');

    const view = await publicCall('GET', `/invitations/${token}`);
    expect(view.json()).toEqual({
      organisationName: 'Acme',
      email: 'ivy@example.test',
      firstname: 'Ivy',
      lastname: 'Vited',
      state: 'pending',
      accountExists: false,
    });
    const weak = await publicCall('POST', `/invitations/${token}/accept`, {
      username: 'ivy',
      password: 'short',
    });
    expect(weak.json().code).toBe('PASSWORD_POLICY');
    const taken = await publicCall('POST', `/invitations/${token}/accept`, {
      username: 'acme-qualifier',
      password: NEW_PASSWORD,
    });
    expect(taken.json().code).toBe('USERNAME_TAKEN');

    const accepted = await publicCall('POST', `/invitations/${token}/accept`, {
      username: 'ivy',
      password: NEW_PASSWORD,
    });
    expect(accepted.statusCode).toBe(200);
    const user = await currentUser(`Bearer ${accepted.json().token}`);
    expect(user).toMatchObject({ username: 'ivy', email: 'ivy@example.test', firstname: 'Ivy' });
    expect(user.organisations[acme.ids.org].role).toBe('admin');
    await expect(signIn(t.app, 'ivy', NEW_PASSWORD)).resolves.toMatch(/^Bearer /);
    expect((await acme.call('GET', `${invitations()}/${created.json().id}`, 'admin')).json().state).toBe(
      'accepted',
    );

    // Answered: the link is spent.
    const again = await publicCall('POST', `/invitations/${token}/accept`, {
      username: 'ivy2',
      password: NEW_PASSWORD,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('INVITATION_INVALID');
    expect((await publicCall('GET', `/invitations/${token}`)).statusCode).toBe(404);
  });

  it('lets an existing account join with its own password', async () => {
    await invite('rival-admin@example.test');
    const token = linkIn(await mailTo(smtp, 'rival-admin@example.test'), 'invitation');
    expect((await publicCall('GET', `/invitations/${token}`)).json().accountExists).toBe(true);
    const wrong = await publicCall('POST', `/invitations/${token}/accept`, {
      password: 'Not-The-Password-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('PASSWORD_INCORRECT');
    const ok = await publicCall('POST', `/invitations/${token}/accept`, { password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    const user = await currentUser(`Bearer ${ok.json().token}`);
    expect(Object.keys(user.organisations).sort()).toEqual([acme.ids.org, acme.ids.otherOrg].sort());
  });

  it('declines once; a revoked or declined link leads nowhere', async () => {
    const declined = await invite('no.thanks@example.test');
    const token = linkIn(await mailTo(smtp, 'no.thanks@example.test'), 'invitation');
    expect((await publicCall('POST', `/invitations/${token}/decline`)).statusCode).toBe(204);
    expect((await publicCall('POST', `/invitations/${token}/decline`)).statusCode).toBe(404);
    expect(
      (await publicCall('POST', `/invitations/${token}/accept`, { username: 'nt', password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(404);
    expect((await acme.call('GET', `${invitations()}/${declined.json().id}`, 'admin')).json().state).toBe(
      'declined',
    );

    const revoked = await invite('revoked@example.test');
    const revokedToken = linkIn(await mailTo(smtp, 'revoked@example.test'), 'invitation');
    expect((await acme.call('DELETE', `${invitations()}/${revoked.json().id}`, 'admin')).statusCode).toBe(
      204,
    );
    expect((await publicCall('GET', `/invitations/${revokedToken}`)).statusCode).toBe(404);
  });

  it('refuses a second pending invitation and an invitation of a member', async () => {
    await invite('twice@example.test');
    const again = await invite('TWICE@example.test');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_INVITED',
      message: 'This address already has a pending invitation',
    });
    const member = await invite(`${acme.users.cockpit.username}@example.test`);
    expect(member.json().code).toBe('ALREADY_MEMBER');
    expect(member.json().details).toEqual([
      {
        path: 'email',
        message: 'This address is already a member of the organisation',
        code: 'alreadyMember',
      },
    ]);
  });

  it("writes to a new address in the inviter's language, which the new account then reads", async () => {
    const language = (value: string) =>
      acme.call('PUT', `${API}/user/language`, 'admin', { language: value });
    expect((await language('en')).statusCode).toBe(200);
    try {
      const created = await acme.call(
        'POST',
        invitations(),
        'admin',
        { email: 'lingua@example.test', firstname: 'Lin', lastname: 'Gua' },
        { 'accept-language': 'fr' },
      );
      expect(created.statusCode).toBe(201);
      const mail = await mailTo(smtp, 'lingua@example.test');
      expect(mail.subject).toBe('Invitation to join Acme');
      const accepted = await publicCall('POST', `/invitations/${linkIn(mail, 'invitation')}/accept`, {
        username: 'lingua',
        password: NEW_PASSWORD,
      });
      expect(accepted.statusCode).toBe(200);
      expect((await currentUser(`Bearer ${accepted.json().token}`)).language).toBe('en');
    } finally {
      await language('fr');
    }
  });
});
