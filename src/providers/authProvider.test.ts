import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, HttpError } from '../api';
import { fakeApi, json } from '../test/fakeApi';
import type { FakeRoute } from '../test/fakeApi';
import { makeUser } from '../test/fixtures';
import { createAuthProvider } from './authProvider';
import { createCurrentUserStore } from './currentUser';
import { createI18nProvider } from './i18nProvider';
import { LoginError, loginMessageKeys } from './loginErrors';
import { getToken, peekTarget, rememberTarget, setToken } from './session';

const setup = (routes: Record<string, FakeRoute>) => {
  const api = fakeApi(routes);
  const client = createApiClient({ baseUrl: '', fetch: api.fetch, getToken, getSwitchUser: () => null });
  const currentUser = createCurrentUserStore(client);
  return { api, currentUser, auth: createAuthProvider({ client, currentUser }) };
};

const loginFailure = async (status: number, body: unknown): Promise<LoginError> => {
  const { auth } = setup({ 'POST /api/login_check': json(body, status) });
  const error: unknown = await auth
    .login({ username: 'alice', password: 'secret' })
    .catch((err: unknown) => err);
  expect(error).toBeInstanceOf(LoginError);
  return error as LoginError;
};

/** What the login page shows for a failure, in English. */
const shownMessage = (error: LoginError): string => {
  window.localStorage.setItem('locale', 'en');
  const reason = error.reason;
  if (reason !== 'credentialsIncorrect' && reason !== 'usernameIncorrect' && reason !== 'passwordIncorrect')
    throw new Error(`no fixed message for ${reason}`);
  return createI18nProvider().translate(loginMessageKeys[reason]);
};

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('authProvider.login', () => {
  it('stores the token, loads the user and lands on their first organisation', async () => {
    const { auth, api, currentUser } = setup({
      'POST /api/login_check': json({ token: 'jwt-1' }),
      'GET /v4/console/api/user': json(makeUser()),
    });
    const result: unknown = await auth.login({ username: ' alice ', password: 'secret' });
    expect(getToken()).toBe('jwt-1');
    expect(currentUser.get()?.username).toBe('alice');
    expect(result).toEqual({ redirectTo: '/orga/o1' });
    expect(JSON.parse(String(api.sent[0].body))).toEqual({ username: 'alice', password: 'secret' });
    expect(api.sent[1].headers.get('Authorization')).toBe('Bearer jwt-1');
  });

  it('sends a light user to the self-service area', async () => {
    const { auth } = setup({
      'POST /api/login_check': json({ token: 'jwt-1' }),
      'GET /v4/console/api/user': json(makeUser({ isLight: true })),
    });
    expect(await auth.login({ username: 'lou', password: 'secret' })).toEqual({ redirectTo: '/self' });
  });

  it('returns to the stored post-login target, once', async () => {
    rememberTarget('/project/p1?tab=notes');
    const { auth } = setup({
      'POST /api/login_check': json({ token: 'jwt-1' }),
      'GET /v4/console/api/user': json(makeUser()),
    });
    expect(await auth.login({ username: 'alice', password: 'secret' })).toEqual({
      redirectTo: '/project/p1?tab=notes',
    });
    expect(peekTarget()).toBeNull();
  });

  it('maps CREDENTIALS_INCORRECT (unknown username or wrong password alike) to one message', async () => {
    const error = await loginFailure(401, {
      message: 'The username or password is incorrect. Please verify your input.',
      code: 'CREDENTIALS_INCORRECT',
    });
    expect(error.reason).toBe('credentialsIncorrect');
    expect(shownMessage(error)).toBe('The username or password is incorrect. Please verify your input.');
  });

  it('maps USERNAME_INCORRECT to the username message', async () => {
    const error = await loginFailure(401, { message: 'Bad credentials', code: 'USERNAME_INCORRECT' });
    expect(error.reason).toBe('usernameIncorrect');
    expect(shownMessage(error)).toBe('The username is incorrect. Please verify your input.');
  });

  it('maps PASSWORD_INCORRECT to the password message', async () => {
    const error = await loginFailure(401, { message: 'Bad credentials', code: 'PASSWORD_INCORRECT' });
    expect(error.reason).toBe('passwordIncorrect');
    expect(shownMessage(error)).toBe('The password is incorrect. Please verify your input.');
  });

  it('keeps the server message when sign-in is rate limited', async () => {
    const error = await loginFailure(429, {
      message: 'Too many attempts, retry in 60 s',
      code: 'TOO_MANY_ATTEMPTS',
    });
    expect(error.reason).toBe('tooManyAttempts');
    expect(error.serverMessage).toBe('Too many attempts, retry in 60 s');
  });

  it('hands the refresh token over when the password has expired', async () => {
    const error = await loginFailure(410, { message: 'Password expired', refreshToken: 'r-1' });
    expect(error.reason).toBe('passwordExpired');
    expect(error.refreshToken).toBe('r-1');
  });

  it('reports any other failure as the generic error, and stores no token', async () => {
    const error = await loginFailure(500, { message: 'boom' });
    expect(error.reason).toBe('generic');
    expect(getToken()).toBeNull();
  });

  it('does not keep half a session when the user cannot be loaded', async () => {
    const { auth } = setup({
      'POST /api/login_check': json({ token: 'jwt-1' }),
      'GET /v4/console/api/user': json({ message: 'down' }, 503),
    });
    await expect(auth.login({ username: 'alice', password: 'secret' })).rejects.toMatchObject({
      reason: 'generic',
    });
    expect(getToken()).toBeNull();
  });
});

describe('authProvider session methods', () => {
  it('checkAuth resolves with a token and rejects without one', async () => {
    const { auth } = setup({});
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    setToken('jwt-1');
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
  });

  it('checkError logs out on 401 but keeps the session on 403', async () => {
    const { auth } = setup({});
    await expect(auth.checkError(new HttpError(401, 'Unauthorized', undefined))).rejects.toMatchObject({
      redirectTo: '/login',
    });
    await expect(auth.checkError(new HttpError(403, 'Forbidden', undefined))).resolves.toBeUndefined();
    await expect(auth.checkError(new HttpError(500, 'Server Error', undefined))).resolves.toBeUndefined();
  });

  it('logout ends the session on the server with the token it forgets', async () => {
    const { auth, api } = setup({ 'POST /v4/console/api/user/logout': new Response(null, { status: 204 }) });
    setToken('jwt-1');
    window.localStorage.setItem('switchUser', 'bob');
    expect(await auth.logout({})).toBe('/login');
    expect(api.sent.map((r) => `${r.method} ${new URL(r.url, 'http://console.test').pathname}`)).toEqual([
      'POST /v4/console/api/user/logout',
    ]);
    expect(api.sent[0].headers.get('Authorization')).toBe('Bearer jwt-1');
    // The session is the staff member's own: the logout never acts as the impersonated user.
    expect(api.sent[0].headers.get('X-Switch-User')).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('logout still forgets everything when the server call fails', async () => {
    const { auth, api, currentUser } = setup({
      'POST /v4/console/api/user/logout': json({ message: 'The session is no longer valid' }, 401),
    });
    setToken('jwt-1');
    currentUser.set(makeUser());
    expect(await auth.logout({})).toBe('/login');
    expect(api.sent).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(currentUser.get()).toBeUndefined();
    // Without a token (already signed out), there is nothing to end on the server.
    expect(await auth.logout({})).toBe('/login');
    expect(api.sent).toHaveLength(1);
  });

  it('logout forgets the token, the impersonation and the user', async () => {
    const { auth, currentUser } = setup({});
    setToken('jwt-1');
    window.localStorage.setItem('switchUser', 'bob');
    currentUser.set(makeUser());
    expect(await auth.logout({})).toBe('/login');
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem('switchUser')).toBeNull();
    expect(currentUser.get()).toBeUndefined();
  });

  it('getIdentity gives the id and full name; getPermissions the user', async () => {
    setToken('jwt-1');
    const { auth } = setup({ 'GET /v4/console/api/user': json(makeUser()) });
    expect(await auth.getIdentity?.()).toEqual({ id: 'u1', fullName: 'Alice Martin' });
    expect(await auth.getPermissions?.({})).toMatchObject({ username: 'alice' });
  });

  it("canAccess is false without a session and follows the user's roles with one", async () => {
    const { auth } = setup({ 'GET /v4/console/api/user': json(makeUser({ isLight: true })) });
    expect(await auth.canAccess?.({ action: 'show', resource: 'self-service' })).toBe(false);
    setToken('jwt-1');
    expect(await auth.canAccess?.({ action: 'show', resource: 'self-service' })).toBe(true);
    expect(await auth.canAccess?.({ action: 'show', resource: 'organisations', record: { id: 'o1' } })).toBe(
      false,
    );
  });
});
