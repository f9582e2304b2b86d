import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeApi';
import type { FakeRoute } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';

const confirmation = 'If an account uses this address, an email with a reset link has just been sent to it.';

const submit = async (answer: FakeRoute) => {
  const user = userEvent.setup();
  const { api } = renderConsole('/forgot-password', { 'POST /users/password/forgotten/send': answer });
  await user.type(await screen.findByLabelText(/Email address/), 'alice@acme.test');
  await user.click(screen.getByRole('button', { name: 'Send the link' }));
  return api;
};

beforeEach(resetBrowserState);

describe('forgotten password page', () => {
  it('sends the address with the reset page as recovery URL and confirms', async () => {
    const api = await submit(new Response(null, { status: 204 }));
    expect(await screen.findByText(confirmation)).toBeInTheDocument();
    const request = api.only();
    expect(new URL(request.url, 'http://x').searchParams.get('recovery_url')).toBe(
      `${window.location.origin}/reset-password`,
    );
    expect(JSON.parse(String(request.body))).toEqual({ email: 'alice@acme.test' });
  });

  it('confirms the same way for an address no account has', async () => {
    await submit(json({ message: 'Unknown email' }, 404));
    expect(await screen.findByText(confirmation)).toBeInTheDocument();
  });

  it('reports a real failure instead of confirming', async () => {
    await submit(json({ message: 'SMTP down' }, 500));
    expect(await screen.findByText('An error has happened. Please retry later.')).toBeInTheDocument();
    expect(screen.queryByText(confirmation)).not.toBeInTheDocument();
  });
});
