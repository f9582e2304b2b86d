import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';

beforeEach(() => {
  resetBrowserState();
  window.localStorage.setItem('token', 'jwt-1');
  window.localStorage.setItem('darkMode', 'false');
  window.localStorage.setItem('featureFlags', '{"projectVersions":true}');
});

describe('LocalStorage Cleaner', () => {
  it('lists the stored keys with their values and deletes one', async () => {
    const user = userEvent.setup();
    renderConsole('/utils/local-storage-cleaner', { 'GET /v4/console/api/user': json(makeUser()) });
    const row = (await screen.findByText('featureFlags')).closest('tr');
    if (!row) throw new Error('no row for featureFlags');
    expect(within(row).getByText('{"projectVersions":true}')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete featureFlags' }));
    expect(screen.queryByText('featureFlags')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('featureFlags')).toBeNull();
    expect(document.title).toBe('LocalStorage Cleaner — Console');
  });

  it('clears everything after confirmation, which signs the user out', async () => {
    const user = userEvent.setup();
    const { router } = renderConsole('/utils/local-storage-cleaner', {
      'GET /v4/console/api/user': json(makeUser()),
    });
    await user.click(await screen.findByRole('button', { name: 'Clear all' }));
    await user.click(await screen.findByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('darkMode')).toBeNull();
  });
});
