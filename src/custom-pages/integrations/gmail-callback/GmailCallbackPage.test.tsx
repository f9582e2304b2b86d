import { getDefaultNormalizer, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { environmentRoutes } from '../../environment/analyses/testing';
import { GMAIL_CALLBACK_PATH } from '../../environment/integrations/connectorDraft';
import { makeGmailConnector } from '../../environment/integrations/testing';
import { path } from '.';

beforeEach(resetBrowserState);

const CALLBACK = 'POST /v4/console/api/integrations/gmail/callback';

/** French texts as written: the default normaliser would turn their narrow no-break spaces into spaces. */
const asWritten = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

/** The callback page at `query`, signed in; `answer` is the platform's to the bodies collected in `sent`. */
const open = (query: string, answer: () => Response, options?: { strict?: boolean }) => {
  const sent: unknown[] = [];
  const routes: Record<string, FakeRoute> = {
    ...environmentRoutes('configurator'),
    [CALLBACK]: (request) => {
      sent.push(request.body);
      return answer();
    },
  };
  return { ...renderConsole(`${GMAIL_CALLBACK_PATH}?${query}`, routes, options), sent };
};

describe('Gmail callback page (spec platform-shell §6 "Gmail integration states")', () => {
  it('is the address connectors offer as their redirect URI', () => {
    expect(`/${path}`).toBe(GMAIL_CALLBACK_PATH);
  });

  it('hands the state and the code over once, even in strict mode, then says the mailbox connected', async () => {
    const connector = makeGmailConnector({ authorization: 'configured' });
    const { sent, router } = open(
      'state=st4te-1&code=4%2F0Abc&scope=https%3A%2F%2Fmail.google.com%2F',
      () => json({ projectId: 'p1', connector }),
      { strict: true },
    );
    expect(await screen.findByRole('heading', { name: 'Gmail connected', level: 1 }, { timeout: 8000 }));
    expect(
      screen.getByText(
        'Google gave the platform access to the mailbox claims@gmail.test. Check and activate the connector Gmail claims from its page.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the connector' })).toHaveAttribute(
      'href',
      '/project/p1/environment/e1/env-management/integrations/c8',
    );
    // Outside any environment's layout: no side menu.
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    // The code is used once, and leaves the address.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toEqual([{ state: 'st4te-1', code: '4/0Abc' }]);
    expect(router.state.location.pathname).toBe(GMAIL_CALLBACK_PATH);
    expect(router.state.location.search).toBe('');
  });

  it('hands a refusal over and says it as a page, in French', async () => {
    window.localStorage.setItem('locale', 'fr');
    const { sent } = open('error=access_denied&state=st4te-2', () =>
      json({ code: 'OAUTH_DENIED', message: 'The user refused access to the mailbox' }, 400),
    );
    expect(await screen.findByRole('heading', { name: 'Accès refusé', level: 1 }, { timeout: 8000 }));
    expect(
      screen.getByText(
        'Vous avez refusé l’accès à la boîte aux lettres\u202f: rien n’a été connecté. Pour la connecter, autorisez à nouveau depuis le connecteur.',
        asWritten,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
    expect(sent).toEqual([{ state: 'st4te-2', error: 'access_denied' }]);
  });

  it('says an expired or used link as such, and any other failure in the catalogue’s words', async () => {
    const expired = open('state=st4te-3&code=used', () =>
      json({ code: 'OAUTH_STATE_INVALID', message: 'Unknown or expired state' }, 400),
    );
    expect(await screen.findByRole('heading', { name: 'Gmail not connected', level: 1 }, { timeout: 8000 }));
    expect(
      screen.getByText(
        'This authorization link expired or was already used (it is valid 10 minutes, once, for the user who asked for it). Authorize again from the connector.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/OAUTH_STATE_INVALID|"code"/)).not.toBeInTheDocument();
    expired.unmount();

    resetBrowserState();
    open('state=st4te-4&code=c', () =>
      json({ code: 'GOOGLE_CREDENTIALS_MISSING', message: 'No Google client on this deployment' }, 400),
    );
    expect(
      await screen.findByText(
        /^This deployment has no Google OAuth client of its own/,
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
  });

  it('sends nothing without a state, and asks a signed-out visitor to sign in first', async () => {
    const { sent, unmount } = open('code=c', () => json({}));
    expect(await screen.findByRole('heading', { name: 'Gmail not connected', level: 1 }, { timeout: 8000 }));
    expect(sent).toEqual([]);
    unmount();

    resetBrowserState();
    const { router } = renderConsole(`${GMAIL_CALLBACK_PATH}?state=s&code=c`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.sessionStorage.getItem('postLoginTarget')).toBe(`${GMAIL_CALLBACK_PATH}?state=s&code=c`);
  });
});
