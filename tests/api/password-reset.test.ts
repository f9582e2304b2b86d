import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, PASSWORD, signIn } from './support/fixtures';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { startSmtpServer } from './support/smtp';

const NEW_PASSWORD = 'Brand-New-Secret-7';
let t: TestPlatform;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestPlatform({ SMTP_URL: smtp.url, MAIL_FROM: 'Console <console@example.test>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (email: string, recoveryUrl = 'https://evil.example/reset-password', lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/users/password/forgotten/send?recovery_url=${encodeURIComponent(recoveryUrl)}`,
    payload: { email },
    headers: { 'accept-language': lang },
  });

describe('forgotten password, through a real SMTP server', () => {
  it('mails a one-use link that sets a new password', async () => {
    const { username } = await fixtures(t.platform.db).user({ email: 'grace@example.test' });
    expect((await send('Grace@Example.test')).statusCode).toBe(204);

    const mail = await smtp.nth(1);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('grace@example.test');
    // The account reads French (the default), whatever the request's Accept-Language: en.
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
    // The link points at PUBLIC_URL whatever host the request named (no reset poisoning).
    const link = /http:\/\/console\.test\/reset-password\/([\w-]+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    const token = link![1];

    const check = await t.app.inject({ method: 'GET', url: `/users/password/forgotten/check/${token}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ valid: true });

    const weak = await t.app.inject({
      method: 'PUT',
      url: '/users/password/forgotten',
      payload: { token, password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('PASSWORD_POLICY');
    expect(weak.json().details.map((d: { rule: string }) => d.rule)).toEqual([
      'minLength',
      'digit',
      'uppercase',
      'special',
    ]);

    const reset = await t.app.inject({
      method: 'PUT',
      url: '/users/password/forgotten',
      payload: { token, password: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(204);
    await expect(signIn(t.app, username, NEW_PASSWORD)).resolves.toMatch(/^Bearer /);
    await expect(signIn(t.app, username, PASSWORD)).rejects.toThrow('401');

    // Used: the link is now invalid, with the same answer as a link that never existed.
    const again = await t.app.inject({ method: 'GET', url: `/users/password/forgotten/check/${token}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('RESET_LINK_INVALID');
    const reuse = await t.app.inject({
      method: 'PUT',
      url: '/users/password/forgotten',
      payload: { token, password: NEW_PASSWORD },
    });
    expect(reuse.statusCode).toBe(404);
  });

  it('answers the same for an unknown address, and sends nothing', async () => {
    const before = smtp.received.length;
    expect((await send('nobody@nowhere.test')).statusCode).toBe(204);
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.length).toBe(before);
  });

  it('writes in French by default', async () => {
    await fixtures(t.platform.db).user({ email: 'alan@example.test' });
    const before = smtp.received.length;
    await send('alan@example.test', 'http://console.test/reset-password', 'de');
    const mail = await smtp.nth(before + 1);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
  });

  it("writes in the recipient's stored language, not the requesting browser's", async () => {
    // French by default: a request in English still gets the user a French mail.
    await fixtures(t.platform.db).user({ email: 'french@example.test' });
    let before = smtp.received.length;
    await send('french@example.test', 'http://console.test/reset-password', 'en');
    const french = await smtp.nth(before + 1);
    expect(french.subject).toBe('Réinitialisation de votre mot de passe');
    expect(french.text).toContain('http://console.test/reset-password/');

    // A user who switched the console to English gets English, even asked from a French browser.
    const { username } = await fixtures(t.platform.db).user({ email: 'english@example.test' });
    const authorization = await signIn(t.app, username);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v4/console/api/user/language',
      headers: { authorization },
      payload: { language: 'en' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: 'en' });
    const me = await t.app.inject({ method: 'GET', url: '/v4/console/api/user', headers: { authorization } });
    expect(me.json().language).toBe('en');
    before = smtp.received.length;
    await send('english@example.test', 'http://console.test/reset-password', 'fr');
    const english = await smtp.nth(before + 1);
    expect(english.subject).toBe('Reset your password');

    // Only the two console languages; anonymous callers change nothing.
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/v4/console/api/user/language',
      headers: { authorization },
      payload: { language: 'de' },
    });
    expect(refused.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/v4/console/api/user/language',
          payload: { language: 'fr' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses unknown and malformed tokens', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/users/password/forgotten/check/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/invalid/);
  });
});

describe('without SMTP_URL', () => {
  it('keeps the mail in the outbox, readable by platform staff only', async () => {
    const local = await startTestPlatform();
    try {
      const f = fixtures(local.platform.db);
      const staff = await f.user({ isStaff: true });
      const member = await f.user({ email: 'outbox@example.test' });
      await local.app.inject({
        method: 'POST',
        url: `/users/password/forgotten/send?recovery_url=${encodeURIComponent('http://console.test/reset-password')}`,
        payload: { email: 'outbox@example.test' },
      });
      const read = async (authorization: string) =>
        local.app.inject({
          method: 'GET',
          url: '/v4/console/api/platform/outbox',
          headers: { authorization },
        });
      const staffAuth = await signIn(local.app, staff.username);
      let mails: { recipient: string; status: string; text: string }[] = [];
      for (let i = 0; i < 40 && mails[0]?.status !== 'held'; i++) {
        mails = (await read(staffAuth)).json();
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(mails[0]).toMatchObject({ recipient: 'outbox@example.test', status: 'held' });
      expect(mails[0].text).toContain('http://console.test/reset-password/');
      expect((await read(await signIn(local.app, member.username))).statusCode).toBe(403);
    } finally {
      await local.close();
    }
  });
});
