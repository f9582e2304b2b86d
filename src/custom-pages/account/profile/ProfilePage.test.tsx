import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeRequest } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';

const signedIn = { 'GET /v4/console/api/user': json(makeUser()) };

beforeEach(() => {
  resetBrowserState();
  document.documentElement.className = '';
  window.localStorage.setItem('token', 'jwt-1');
});

describe('profile page', () => {
  it('switches the language at once and stores it', async () => {
    const user = userEvent.setup();
    renderConsole('/profile', signedIn);
    await user.click(await screen.findByRole('radio', { name: 'Français' }));
    expect(await screen.findByRole('heading', { name: 'Profil' })).toBeInTheDocument();
    expect(window.localStorage.getItem('locale')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('saves the language chosen on the account, for the mails the user gets', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderConsole('/profile', {
      ...signedIn,
      'PUT /v4/console/api/user/language': ({ body }: FakeRequest) => {
        sent.push(body);
        return json(body);
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ language: 'en' }]));
  });

  it('turns dark mode on for the page root and remembers it', async () => {
    const user = userEvent.setup();
    renderConsole('/profile', signedIn);
    await user.click(await screen.findByRole('switch', { name: 'Dark mode' }));
    expect(document.documentElement).toHaveClass('app-dark');
    expect(window.localStorage.getItem('darkMode')).toBe('true');
  });

  it('applies the font size at once and remembers it', async () => {
    const user = userEvent.setup();
    renderConsole('/profile', signedIn);
    await user.click(await screen.findByRole('radio', { name: 'Large' }));
    expect(document.documentElement.style.fontSize).toBe('16px');
    expect(window.localStorage.getItem('preferredFontSize')).toBe('large');
  });

  it('saves the home page of legacy projects on the server', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderConsole('/profile', {
      ...signedIn,
      'PATCH /v4/console/api/user/preferences': ({ body }: FakeRequest) => {
        sent.push(body);
        return json(body);
      },
    });
    await user.click(await screen.findByRole('combobox', { name: 'Home page of IC projects' }));
    await user.click(await screen.findByRole('option', { name: 'Dashboard' }));
    await waitFor(() => expect(sent).toEqual([{ legacyHome: 'dashboard' }]));
    expect(await screen.findByText('Preference saved')).toBeInTheDocument();
  });
});

describe('change password page', () => {
  it('replaces the stored token with the one the server returns', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const { router } = renderConsole('/profile/password', {
      ...signedIn,
      'PUT /v4/console/api/user/password': ({ body }: FakeRequest) => {
        sent.push(body);
        return json({ token: 'jwt-2' });
      },
    });
    await user.type(await screen.findByLabelText(/Current password/), 'Old-password-1');
    await user.type(screen.getByLabelText(/New password/), 'New-password-12');
    await user.type(screen.getByLabelText(/Password confirmation/), 'New-password-12');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(sent).toEqual([{ currentPassword: 'Old-password-1', newPassword: 'New-password-12' }]);
    expect(window.localStorage.getItem('token')).toBe('jwt-2');
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
  });
});
