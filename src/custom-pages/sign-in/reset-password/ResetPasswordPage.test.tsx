import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeRequest } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';

const validLink = {
  'GET /users/password/forgotten/check/tok-1': json({ valid: true, expiresAt: '2030-01-01T00:00:00Z' }),
};

/** The checklist entry of a rule; each entry says "met" or "not met" for screen readers. */
const rule = (text: RegExp): HTMLElement => {
  const item = screen.getByText(text).closest('li');
  if (!item) throw new Error(`no checklist entry for ${text}`);
  return item;
};

beforeEach(resetBrowserState);

describe('reset-password page', () => {
  it('says the link is invalid when the server does not know the token, with a way to get a new one', async () => {
    renderConsole('/reset-password/stale', {
      'GET /users/password/forgotten/check/stale': json({ message: 'Not found' }, 404),
    });
    expect(
      await screen.findByText(
        /This reset link is invalid or has expired\. Generate a new one or contact your administrator\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Generate a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText(/New password/)).not.toBeInTheDocument();
  });

  it('ticks the password rules as the user types', async () => {
    const user = userEvent.setup();
    renderConsole('/reset-password/tok-1', validLink);
    const field = await screen.findByLabelText(/New password/);
    const checklist = screen.getByRole('list', { name: 'Password rules' });
    expect(within(checklist).getAllByText('not met')).toHaveLength(5);

    await user.type(field, 'abc');
    expect(within(rule(/one lowercase letter/)).getByText('met')).toBeInTheDocument();
    expect(within(rule(/one uppercase letter/)).getByText('not met')).toBeInTheDocument();
    expect(within(rule(/At least 12 characters/)).getByText('not met')).toBeInTheDocument();

    await user.type(field, 'DEF-123-ghij');
    expect(within(checklist).getAllByText('met')).toHaveLength(5);
  });

  it('says "Passwords are not the same" and keeps the submit closed until they are', async () => {
    const user = userEvent.setup();
    renderConsole('/reset-password/tok-1', validLink);
    await user.type(await screen.findByLabelText(/New password/), 'Abcdef-12345!');
    await user.type(screen.getByLabelText(/Password confirmation/), 'Abcdef-12345?');
    expect(screen.getByText('Passwords are not the same')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save the password' })).toBeDisabled();

    await user.clear(screen.getByLabelText(/Password confirmation/));
    await user.type(screen.getByLabelText(/Password confirmation/), 'Abcdef-12345!');
    expect(screen.queryByText('Passwords are not the same')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save the password' })).toBeEnabled();
  });

  it('saves the password and returns to sign-in with a success notice', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const { router } = renderConsole('/reset-password/tok-1', {
      ...validLink,
      'PUT /users/password/forgotten': ({ body }: FakeRequest) => {
        sent.push(body);
        return new Response(null, { status: 204 });
      },
    });
    await user.type(await screen.findByLabelText(/New password/), 'Abcdef-12345!');
    await user.type(screen.getByLabelText(/Password confirmation/), 'Abcdef-12345!');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sent).toEqual([{ token: 'tok-1', password: 'Abcdef-12345!' }]);
    expect(await screen.findByText('Your password has been changed. You can sign in.')).toBeInTheDocument();
  });

  it('sends the user to their administrator when the server refuses the reset', async () => {
    const user = userEvent.setup();
    renderConsole('/reset-password/tok-1', {
      ...validLink,
      'PUT /users/password/forgotten': json({ message: 'Token already used' }, 400),
    });
    await user.type(await screen.findByLabelText(/New password/), 'Abcdef-12345!');
    await user.type(screen.getByLabelText(/Password confirmation/), 'Abcdef-12345!');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(
      await screen.findByText('Your password could not be reset. Please contact your administrator.'),
    ).toBeInTheDocument();
  });

  it('shows the expired-password heading with hasExpired=true, and the plain one without', async () => {
    const expired = renderConsole('/reset-password/tok-1?hasExpired=true', validLink);
    expect(await screen.findByRole('heading', { name: 'Your password has expired' })).toBeInTheDocument();
    expect(screen.getByText('You must change it before you can sign in again.')).toBeInTheDocument();
    expired.unmount();
    renderConsole('/reset-password/tok-1', validLink);
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
  });
});
