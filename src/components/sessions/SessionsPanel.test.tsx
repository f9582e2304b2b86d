import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../../schemas/contracts/auth';
import { json } from '../../test/fakeApi';
import { fakeRest } from '../../test/fakeRest';
import { acme, makeUser } from '../../test/fixtures';
import { renderConsole, resetBrowserState } from '../../test/renderConsole';
import { describeDevice } from './device';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const session = (id: string, userAgent: string, current = false): SessionSummary => ({
  id,
  userAgent,
  address: `192.0.2.${id.length}`,
  createdAt: '2026-11-30T08:15:00.000Z',
  lastUsedAt: '2026-12-01T09:40:00.000Z',
  expiresAt: '2026-12-01T16:15:00.000Z',
  current,
});

/** A fake server keeping the sessions, so that the page shows what a revocation left. */
const sessionsServer = (initial: SessionSummary[], base = '/v4/console/api/user/sessions') => {
  let sessions = [...initial];
  const deleted: string[] = [];
  return {
    deleted,
    routes: {
      [`GET ${base}`]: () => json(sessions),
      [`DELETE ${base}`]: () => {
        const revoked = sessions.filter((s) => !s.current).length;
        deleted.push('others');
        sessions = sessions.filter((s) => s.current);
        return json({ revoked });
      },
      ...Object.fromEntries(
        initial.map((s) => [
          `DELETE ${base}/${s.id}`,
          () => {
            deleted.push(s.id);
            sessions = sessions.filter((x) => x.id !== s.id);
            return new Response(null, { status: 204 });
          },
        ]),
      ),
    },
  };
};

beforeEach(() => {
  resetBrowserState();
  window.localStorage.setItem('token', 'jwt-1');
});

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the sessions section of the profile', () => {
  it('lists each session with its device, address and times, this one marked', async () => {
    const server = sessionsServer([session('s-1', FIREFOX, true), session('s-22', SAFARI)]);
    renderConsole('/profile', { 'GET /v4/console/api/user': json(makeUser()), ...server.routes });
    expect(await screen.findByRole('heading', { name: 'Sessions' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [here, there] = rows().map((row) => within(row).getAllByRole('cell'));
    expect(here[0]).toHaveTextContent('Firefox 128 on Windows');
    expect(here[0]).toHaveTextContent('This session');
    expect(here[1]).toHaveTextContent('192.0.2.3');
    expect(here[2]).toHaveTextContent(/^11\/30\/26 /);
    expect(there[0]).toHaveTextContent('Safari 17 on iOS');
    expect(there[0]).not.toHaveTextContent('This session');
    // This session is ended by logging out, not from the list.
    expect(within(rows()[0]).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says it in French', async () => {
    window.localStorage.setItem('locale', 'fr');
    const server = sessionsServer([session('s-1', FIREFOX, true)]);
    renderConsole('/profile', { 'GET /v4/console/api/user': json(makeUser()), ...server.routes });
    expect(await screen.findByText('Cette session')).toBeInTheDocument();
    expect(screen.getByText('Firefox 128 sur Windows')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Dernière activité' })).toBeInTheDocument();
  });

  it('signs one session out, and then all the others', async () => {
    const user = userEvent.setup();
    const server = sessionsServer([
      session('s-1', FIREFOX, true),
      session('s-22', SAFARI),
      session('s-333', CHROME),
    ]);
    renderConsole('/profile', { 'GET /v4/console/api/user': json(makeUser()), ...server.routes });
    await user.click(await screen.findByRole('button', { name: 'Sign out the session of Safari 17 on iOS' }));
    expect(await screen.findByText('Session signed out')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(server.deleted).toEqual(['s-22']);

    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('1 session signed out')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(server.deleted).toEqual(['s-22', 'others']);
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
  });
});

describe('a member’s sessions on the edit-user page', () => {
  const bob = {
    id: 'm1',
    firstname: 'Bob',
    lastname: 'Smith',
    username: 'bob',
    email: 'bob@acme.test',
    position: '',
    role: 'notAdmin',
    projects: [],
  };
  const page = (role: 'admin' | 'notAdmin') => {
    const server = sessionsServer(
      [session('s-1', FIREFOX), session('s-22', SAFARI)],
      '/v4/console/api/users/m1/sessions',
    );
    const me = makeUser({ organisations: { o1: { ...makeUser().organisations.o1, role } } });
    renderConsole('/orga/o1/edit-user/m1', {
      'GET /v4/console/api/user': json(me),
      'GET /v4/console/api/organisations/o1': json(acme),
      'GET /v4/console/api/projects/p1/environments': json([]),
      ...fakeRest('organisations/o1/members', [bob]).routes,
      ...fakeRest('projects', []).routes,
      ...server.routes,
    });
    return server;
  };

  it('lets the organisation’s admin sign the member out everywhere', async () => {
    const user = userEvent.setup();
    const server = page('admin');
    expect(await screen.findByRole('heading', { name: 'Sessions' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByText('This session')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out all sessions' }));
    expect(await screen.findByText('2 sessions signed out')).toBeInTheDocument();
    expect(await screen.findByText('No open session.')).toBeInTheDocument();
    expect(server.deleted).toEqual(['others']);
  });

  it('is not shown to a member who is not admin', async () => {
    page('notAdmin');
    expect(await screen.findByRole('heading', { name: 'Edit a user' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sessions' })).not.toBeInTheDocument();
  });
});

describe('describeDevice', () => {
  it('names the browser and the system of common User-Agents', () => {
    expect(describeDevice(FIREFOX)).toEqual({ browser: 'Firefox 128', os: 'Windows' });
    expect(describeDevice(SAFARI)).toEqual({ browser: 'Safari 17', os: 'iOS' });
    expect(describeDevice(CHROME)).toEqual({ browser: 'Chrome 126', os: 'Linux' });
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
    ).toEqual({ browser: 'Edge 126', os: 'macOS' });
    expect(describeDevice('curl/8.5.0')).toEqual({ browser: 'curl 8' });
    expect(describeDevice('')).toEqual({});
  });
});
