import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeRequest } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { acme, makeUser } from '../../../test/fixtures';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';

const view = {
  organisationName: 'Acme',
  email: 'dan@acme.test',
  firstname: 'Dan',
  lastname: 'Brown',
  state: 'pending',
  accountExists: false,
  username: undefined as string | undefined,
};

const server = (overrides: Partial<typeof view> = {}, sent: unknown[] = []) => ({
  'GET /invitations/tok-1': json({ ...view, ...overrides }),
  'POST /invitations/tok-1/accept': ({ body }: FakeRequest) => {
    sent.push(body);
    return json({ token: 'jwt-dan' });
  },
  'POST /invitations/tok-1/decline': () => new Response(null, { status: 204 }),
  'GET /v4/console/api/user': json(
    makeUser({ id: 'u2', username: 'dan', firstname: 'Dan', lastname: 'Brown' }),
  ),
  'GET /v4/console/api/organisations/o1': json(acme),
  'GET /v4/console/api/projects': json([]),
});

beforeEach(resetBrowserState);

describe('invitation page (login layout, no token needed)', () => {
  it('accepts with a new username and a password that keeps the rules, then signs in and lands', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const { router } = renderConsole('/invitation/tok-1', server({}, sent));
    expect(await screen.findByRole('heading', { name: 'Invitation to join Acme' })).toBeInTheDocument();
    expect(
      screen.getByText(/Hello Dan Brown, you are invited to join Acme with the address dan@acme\.test/),
    ).toBeInTheDocument();
    const accept = screen.getByRole('button', { name: 'Accept the invitation' });
    await user.type(screen.getByLabelText(/Username/), 'dan');
    await user.type(screen.getByLabelText(/New password/), 'short');
    expect(screen.getByRole('list', { name: 'Password rules' })).toBeInTheDocument();
    expect(accept).toBeDisabled();
    await user.clear(screen.getByLabelText(/New password/));
    await user.type(screen.getByLabelText(/New password/), 'Abcdef-12345!');
    await user.type(screen.getByLabelText(/Password confirmation/), 'Abcdef-12345!');
    await user.click(accept);
    await waitFor(() => expect(router.state.location.pathname).toBe('/orga/o1'));
    expect(sent).toEqual([{ username: 'dan', password: 'Abcdef-12345!' }]);
    expect(window.localStorage.getItem('token')).toBe('jwt-dan');
  });

  it('offers the username the organisation proposed, which the invitee may change', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderConsole('/invitation/tok-1', server({ username: 'dbrown' }, sent));
    const username = await screen.findByLabelText(/Username/);
    expect(username).toHaveValue('dbrown');
    await user.clear(username);
    await user.type(username, 'dan.brown');
    await user.type(screen.getByLabelText(/New password/), 'Abcdef-12345!');
    await user.type(screen.getByLabelText(/Password confirmation/), 'Abcdef-12345!');
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    await waitFor(() => expect(sent).toEqual([{ username: 'dan.brown', password: 'Abcdef-12345!' }]));
  });

  it('asks the existing account for its password, and shows a refusal on that field', async () => {
    const user = userEvent.setup();
    const wrong = 'The password is incorrect. Please verify your input.';
    renderConsole('/invitation/tok-1', {
      ...server({ accountExists: true }),
      'POST /invitations/tok-1/accept': json(
        { code: 'PASSWORD_INCORRECT', message: wrong, details: [{ path: 'password', message: wrong }] },
        400,
      ),
    });
    expect(await screen.findByText(/An account already exists for this address/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Username/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Current password/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findAllByText(wrong)).not.toHaveLength(0);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('declines', async () => {
    const user = userEvent.setup();
    renderConsole('/invitation/tok-1', server());
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined this invitation.')).toBeInTheDocument();
  });

  it('says when the link is no longer valid, and opens for a signed-in visitor too', async () => {
    window.localStorage.setItem('token', 'jwt-1');
    renderConsole('/invitation/gone', {
      'GET /v4/console/api/user': json(makeUser()),
      'GET /invitations/gone': json(
        { code: 'INVITATION_INVALID', message: 'This invitation is invalid' },
        404,
      ),
    });
    expect(await screen.findByText('This invitation is invalid or has expired.')).toBeInTheDocument();
  });
});
