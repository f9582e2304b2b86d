import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../test/fakeApi';
import { acme, demoProject, makeUser, production, productionDetail } from '../test/fixtures';
import { renderConsole, resetBrowserState } from '../test/renderConsole';

const signedIn = (user = makeUser()) => {
  window.localStorage.setItem('token', 'jwt-1');
  return { 'GET /v4/console/api/user': json(user) };
};

const tenancy = {
  'GET /v4/console/api/organisations/o1': json(acme),
  'GET /v4/console/api/projects': json([demoProject]),
  'GET /v4/console/api/projects/p1': json(demoProject),
  'GET /v4/console/api/projects/p1/environments': json([production]),
  'GET /v4/console/api/environment/e1': json(productionDetail),
};

const path = (router: ReturnType<typeof renderConsole>['router']) => {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
};

beforeEach(resetBrowserState);

describe('routing rules (spec §2)', () => {
  it('drops the /v2 prefix and keeps the query and hash', async () => {
    const { router } = renderConsole('/v2/forgot-password?from=mail#top');
    await waitFor(() => expect(path(router)).toBe('/forgot-password?from=mail#top'));
    expect(await screen.findByRole('heading', { name: 'Forgotten password' })).toBeInTheDocument();
  });

  it('sends a private route without a token to login, remembering it and saying why', async () => {
    const { router } = renderConsole('/project/p1?tab=notes');
    await waitFor(() => expect(path(router)).toBe('/login'));
    expect(window.sessionStorage.getItem('postLoginTarget')).toBe('/project/p1?tab=notes');
    expect(await screen.findByText('Connection lost')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to open this page.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a signed-in user away from the login page to the stored target', async () => {
    window.sessionStorage.setItem('postLoginTarget', '/profile');
    const { router } = renderConsole('/login', signedIn());
    await waitFor(() => expect(path(router)).toBe('/profile'));
    expect(window.sessionStorage.getItem('postLoginTarget')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });

  it('sends a signed-in user from the login page to the root, hence their landing page', async () => {
    const { router } = renderConsole('/login', { ...signedIn(), ...tenancy });
    await waitFor(() => expect(path(router)).toBe('/orga/o1'));
    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
  });

  it('lands a light user on self-service from the root, and the root sends strangers to login', async () => {
    const light = renderConsole('/', { ...signedIn(makeUser({ isLight: true })), ...tenancy });
    await waitFor(() => expect(path(light.router)).toBe('/self'));
    expect(await screen.findByRole('heading', { name: 'My use cases' })).toBeInTheDocument();
    light.unmount();
    resetBrowserState();
    const stranger = renderConsole('/');
    await waitFor(() => expect(path(stranger.router)).toBe('/login'));
  });

  it('brings unknown sub-paths of a scope back to its home', async () => {
    const { router } = renderConsole('/project/p1/environment/e1/no-such-page', {
      ...signedIn(),
      ...tenancy,
    });
    await waitFor(() => expect(path(router)).toBe('/project/p1/environment/e1'));
    expect(await screen.findByRole('heading', { name: 'Production' })).toBeInTheDocument();
  });

  it('titles the page with the route and the environment, project and organisation names', async () => {
    renderConsole('/project/p1/environment/e1', { ...signedIn(), ...tenancy });
    await waitFor(() => expect(document.title).toBe('Home · Production · Demo project · Acme — Console'));
  });

  it('removes a tooltip left over from the previous page', async () => {
    const { router } = renderConsole('/profile', signedIn());
    await screen.findByRole('heading', { name: 'Profile' });
    const leftover = document.createElement('div');
    leftover.setAttribute('role', 'tooltip');
    leftover.textContent = 'Stale tooltip';
    document.body.appendChild(leftover);
    await router.navigate('/utils/local-storage-cleaner');
    // The page is fetched on demand: on a busy machine that takes longer than findBy's default second.
    await screen.findByRole('heading', { name: 'LocalStorage Cleaner' }, { timeout: 10_000 });
    // The shell removes it in an effect of the navigation, which runs just after the page shows.
    await waitFor(() => expect(screen.queryByText('Stale tooltip')).not.toBeInTheDocument());
  });

  it('signs out from the user menu to the login page, without a "connection lost" notice', async () => {
    const user = userEvent.setup();
    const { router } = renderConsole('/profile', signedIn());
    await user.click(await screen.findByRole('button', { name: 'Alice Martin' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(path(router)).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.sessionStorage.getItem('postLoginTarget')).toBeNull();
    expect(screen.queryByText('Connection lost')).not.toBeInTheDocument();
  });

  it('ends a session whose token the server no longer accepts', async () => {
    window.localStorage.setItem('token', 'revoked');
    const { router } = renderConsole('/profile', {
      'GET /v4/console/api/user': json({ message: 'Token revoked' }, 401),
    });
    await waitFor(() => expect(path(router)).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('Please login once again')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    // One notice for one lost session: the private-route guard does not add its own.
    expect(screen.getAllByText('Connection lost')).toHaveLength(1);
    expect(screen.queryByText('Please sign in to open this page.')).not.toBeInTheDocument();
  });

  it('blocks the page when the user cannot be loaded, until a retry succeeds', async () => {
    let failures = 1;
    window.localStorage.setItem('token', 'jwt-1');
    renderConsole('/profile', {
      'GET /v4/console/api/user': () =>
        failures-- > 0 ? json({ message: 'Service unavailable' }, 503) : json(makeUser()),
    });
    expect(await screen.findByText('Your account could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Service unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Profile' })).not.toBeInTheDocument();
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });
});
