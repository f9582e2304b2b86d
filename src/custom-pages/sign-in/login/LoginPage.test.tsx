import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeRequest } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { acme, demoProject, makeUser, production } from '../../../test/fixtures';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';

/** A sign-in endpoint that knows alice / Correct-horse-1, and does not say which half was wrong. */
const loginCheck = ({ body }: FakeRequest) => {
  const { username, password } = body as { username: string; password: string };
  if (username !== 'alice' || password !== 'Correct-horse-1')
    return json({ message: 'Bad credentials', code: 'CREDENTIALS_INCORRECT' }, 401);
  return json({ token: 'jwt-alice' });
};
const failed = 'The username or password is incorrect. Please verify your input.';

const server = {
  'POST /api/login_check': loginCheck,
  'GET /v4/console/api/user': json(makeUser()),
  'GET /v4/console/api/organisations/o1': json(acme),
  'GET /v4/console/api/projects': json([demoProject]),
  'GET /v4/console/api/projects/p1/environments': json([production]),
};

const typeUsername = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.type(await screen.findByLabelText(/Username/), name);
  await user.click(screen.getByRole('button', { name: 'Next' }));
};

beforeEach(resetBrowserState);

describe('two-step login page', () => {
  it('asks for the username, then the password for that username, then lands', async () => {
    const user = userEvent.setup();
    const { router } = renderConsole('/login', server);
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Next' })).toBeDisabled();
    await typeUsername(user, 'alice');

    expect(screen.getByTestId('login-username')).toHaveTextContent('alice');
    await user.type(screen.getByLabelText(/Password/), 'Correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/orga/o1'));
    expect(window.localStorage.getItem('token')).toBe('jwt-alice');
    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
  });

  it('shows a wrong password on the password step', async () => {
    const user = userEvent.setup();
    renderConsole('/login', server);
    await typeUsername(user, 'alice');
    await user.type(screen.getByLabelText(/Password/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(failed)).toBeInTheDocument();
    expect(screen.getByLabelText(/Password/)).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('shows an unknown username exactly as a wrong password (no username enumeration)', async () => {
    const user = userEvent.setup();
    renderConsole('/login', server);
    await typeUsername(user, 'mallory');
    await user.type(screen.getByLabelText(/Password/), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(failed)).toBeInTheDocument();
    expect(screen.getByLabelText(/Password/)).toBeInTheDocument();
    expect(screen.getByTestId('login-username')).toHaveTextContent('mallory');
  });

  it('lets the user go back and change the username', async () => {
    const user = userEvent.setup();
    renderConsole('/login', server);
    await typeUsername(user, 'alcie');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getByLabelText(/Username/)).toHaveValue('alcie');
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
  });

  it('shows the server message when rate limited, and the generic one on a server error', async () => {
    const user = userEvent.setup();
    let status = 429;
    renderConsole('/login', {
      'POST /api/login_check': () =>
        status === 429
          ? json({ message: 'Too many attempts. Wait 60 seconds.', code: 'TOO_MANY_ATTEMPTS' }, 429)
          : json({ message: 'boom' }, 500),
    });
    await typeUsername(user, 'alice');
    await user.type(screen.getByLabelText(/Password/), 'Correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many attempts. Wait 60 seconds.')).toBeInTheDocument();
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('An error has happened. Please retry later.')).toBeInTheDocument();
  });

  it('says the rate limit in French from its code and minutes, not the server’s English words', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    renderConsole('/login', {
      'POST /api/login_check': json(
        {
          message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
          code: 'TOO_MANY_ATTEMPTS',
          retryAfter: 900,
          params: { minutes: 15 },
        },
        429,
      ),
    });
    await user.type(await screen.findByLabelText(/Nom d’utilisateur/), 'alice');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.type(screen.getByLabelText(/Mot de passe/), 'Correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Trop de tentatives. Réessayez dans 15 minute(s).')).toBeInTheDocument();
    expect(screen.queryByText(/Too many/)).not.toBeInTheDocument();
  });

  it('opens the expired-password variant of the reset page on 410', async () => {
    const user = userEvent.setup();
    const { router } = renderConsole('/login', {
      'POST /api/login_check': json({ message: 'Password expired', refreshToken: 'refresh-1' }, 410),
      'GET /users/password/forgotten/check/refresh-1': json({
        valid: true,
        expiresAt: '2030-01-01T00:00:00Z',
      }),
    });
    await typeUsername(user, 'alice');
    await user.type(screen.getByLabelText(/Password/), 'Old-password-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password/refresh-1'));
    expect(router.state.location.search).toBe('?hasExpired=true');
    expect(await screen.findByRole('heading', { name: 'Your password has expired' })).toBeInTheDocument();
  });

  it('speaks French by default', async () => {
    window.localStorage.setItem('locale', 'fr');
    renderConsole('/login', server);
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Google/ })).not.toBeInTheDocument();
  });
});

/** The login page for an account that keeps French, with the language saves it receives. */
const loginAsFrenchAccount = () => {
  const sent: unknown[] = [];
  const view = renderConsole('/login', {
    ...server,
    'GET /v4/console/api/user': json(makeUser({ language: 'fr' })),
    'PUT /v4/console/api/user/language': ({ body }: FakeRequest) => {
      sent.push(body);
      return json(body);
    },
  });
  return { user: userEvent.setup(), sent, view };
};

describe('the language at sign-in: one per user, for the console and the mails', () => {
  it('a browser where no language was chosen takes the one the account keeps', async () => {
    const { user, sent, view } = loginAsFrenchAccount();
    // The harness shows its pages in English; nothing chosen in this browser, as in a fresh one.
    window.localStorage.removeItem('locale');
    await user.type(await screen.findByLabelText(/Username/), 'alice');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText(/Password/), 'Correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/orga/o1'));
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'));
    expect(window.localStorage.getItem('locale')).toBe('fr');
    expect(sent).toEqual([]);
  });

  it('a language chosen on the sign-in page becomes the account’s', async () => {
    const { user, sent, view } = loginAsFrenchAccount();
    await user.click(await screen.findByRole('button', { name: 'EN' }));
    await user.type(await screen.findByLabelText(/Username/), 'alice');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText(/Password/), 'Correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/orga/o1'));
    await waitFor(() => expect(sent).toEqual([{ language: 'en' }]));
    expect(document.documentElement.lang).toBe('en');
  });
});
