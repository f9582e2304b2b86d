import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connector } from '../../../../schemas/contracts/connectors';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { findDatePicker } from '../../../test/datePicker';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { formatDateTime } from '../../../theme';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';
import { GMAIL_CALLBACK_PATH } from './connectorDraft';
import { makeConnector, makeExchangeConnector, makeGmailConnector } from './testing';

beforeEach(resetBrowserState);
afterEach(() => vi.restoreAllMocks());

const PAGE = `${ENV_PATH}/env-management/integrations`;

/** French texts as written: the default normaliser would turn their narrow no-break spaces into spaces. */
const asWritten = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

describe('integrations page (spec pipeline §2, §3 "Connector")', () => {
  it('lists each connector with its health, its problem said by code, and its last execution', async () => {
    const failing = makeConnector({
      id: 'c2',
      name: 'Sales inbox',
      active: false,
      health: 'unhealthy',
      healthProblem: {
        code: 'IMAP_AUTH_FAILED',
        message: 'The server refused the user name or password (AUTHENTICATIONFAILED)',
        params: { user: 'sales@acme.test' },
      },
      lastExecutionAt: null,
    });
    const unknown = makeConnector({
      id: 'c3',
      name: 'Old inbox',
      health: 'unhealthy',
      healthProblem: { code: 'IMAP_SOMETHING_NEW', message: 'Something the console does not know yet' },
    });
    renderConsole(PAGE, {
      ...environmentRoutes('configurator'),
      [`GET ${API}/connectors`]: json({ data: [makeConnector(), failing, unknown, makeExchangeConnector()] }),
    });
    await screen.findByRole('heading', { name: 'Integrations', level: 1 }, { timeout: 8000 });
    const table = await screen.findByRole('table', { name: 'Connectors' });
    const [, healthy, sales, old, outlook] = within(table).getAllByRole('row');

    expect(within(healthy).getByRole('link', { name: 'Open the connector Claims inbox' })).toHaveAttribute(
      'href',
      `${PAGE}/c1`,
    );
    expect(within(healthy).getByText('IMAP')).toBeInTheDocument();
    expect(within(healthy).getByText('Active')).toBeInTheDocument();
    expect(within(healthy).getByText('Healthy')).toBeInTheDocument();
    expect(within(healthy).getByText(formatDateTime('2026-03-05T10:00:03.000Z', 'en'))).toBeInTheDocument();
    expect(within(healthy).getByText('12')).toBeInTheDocument();
    // No rate limit, no token (a password): a dash each.
    expect(within(healthy).getAllByText('—')).toHaveLength(2);

    expect(within(sales).getByText('Inactive')).toBeInTheDocument();
    expect(within(sales).getByText('Unhealthy')).toBeInTheDocument();
    expect(
      within(sales).getByText('The server refused the user name or the password of sales@acme.test'),
    ).toBeInTheDocument();
    expect(within(sales).getAllByText('—')).toHaveLength(3);
    expect(within(old).getByText('Something the console does not know yet')).toBeInTheDocument();
    expect(
      within(outlook).getByRole('link', { name: 'Open the connector Outlook claims' }),
    ).toBeInTheDocument();
    expect(within(outlook).getByText('Exchange (Microsoft 365)')).toBeInTheDocument();

    // The menu offers the page to configurators, after the webhooks.
    const menu = screen.getByRole('link', { name: 'Integrations' });
    expect(menu).toHaveAttribute('href', PAGE);
  });

  it('opens from env-management?active-page=integrations', async () => {
    const { router } = renderConsole(`${ENV_PATH}/env-management?active-page=integrations`, {
      ...environmentRoutes('configurator'),
      [`GET ${API}/connectors`]: json({ data: [] }),
    });
    await screen.findByRole('heading', { name: 'Integrations', level: 1 }, { timeout: 8000 });
    expect(router.state.location.pathname).toBe(PAGE);
    expect(await screen.findByText(/^No connector yet/)).toBeInTheDocument();
  });

  // A whole wizard typed key by key: long in jsdom, longer on a loaded machine.
  it(
    'creates a connector in two steps, shows a field refused by the server in French, then activates it',
    { timeout: 90_000 },
    async () => {
      window.localStorage.setItem('locale', 'fr');
      const user = userEvent.setup();
      const sent: { method: string; path: string; body: unknown }[] = [];
      const created = makeConnector({
        id: 'c9',
        name: 'Réclamations',
        active: false,
        health: 'unknown',
        lastExecutionAt: null,
        lastRun: null,
        messages: 0,
        settings: {
          ...makeConnector().settings,
          host: 'imap.acme.test',
          port: 143,
          security: 'starttls',
          username: 'claims@acme.test',
          blacklist: ['spam.test', 'ana@example.org'],
          postProcessors: ['LABEL', 'DRAFT'],
          labelMode: 'keyword',
          startDate: '2026-03-04T10:00:00.000Z',
        },
      });
      let connectors: Connector[] = [];
      const posts = [
        json(
          {
            code: 'VALIDATION_FAILED',
            message: 'The start date cannot be more than 24 hours before now',
            params: { fields: 'settings.startDate' },
            details: [
              {
                path: 'settings.startDate',
                message: 'The start date cannot be more than 24 hours before now',
                code: 'startDateTooEarly',
                params: { hours: 24 },
              },
            ],
          },
          400,
        ),
        json(created, 201),
      ];
      const activations = [
        json(
          {
            code: 'CONNECTOR_CHECK_FAILED',
            message: 'The mailbox could not be reached: The server refused the user name or password',
            params: { reason: 'The server refused the user name or password', problem: 'IMAP_AUTH_FAILED' },
          },
          400,
        ),
        json({ ...created, active: true, health: 'healthy' }),
      ];
      const routes: Record<string, FakeRoute> = {
        ...environmentRoutes('configurator'),
        [`GET ${API}/connectors`]: () => json({ data: connectors }),
        [`POST ${API}/connectors`]: (request) => {
          sent.push({ method: 'POST', path: 'connectors', body: request.body });
          const answer = posts.shift()!;
          if (answer.status === 201) connectors = [created];
          return answer;
        },
        [`PUT ${API}/connectors/c9/active`]: (request) => {
          sent.push({ method: 'PUT', path: 'connectors/c9/active', body: request.body });
          return activations.shift()!;
        },
        [`GET ${API}/connectors/c9`]: () => json({ ...created, active: true, health: 'healthy' }),
        [`GET ${API}/connectors/c9/runs`]: json({ data: [] }),
      };
      const { router } = renderConsole(PAGE, routes);
      await screen.findByRole('heading', { name: 'Intégrations', level: 1 }, { timeout: 8000 });
      await user.click(await screen.findByRole('button', { name: 'Nouveau connecteur' }));
      const wizard = await screen.findByRole('dialog', { name: 'Nouveau connecteur' });
      // The steps, the first also the heading of its first section.
      expect(within(wizard).getAllByText('Informations générales')).toHaveLength(2);
      expect(within(wizard).getByText('Autoriser')).toBeInTheDocument();
      expect(within(wizard).getByRole('textbox', { name: 'Port' })).toHaveValue('993');
      expect(within(wizard).getByRole('textbox', { name: 'Dossier' })).toHaveValue('INBOX');
      expect(
        await within(wizard).findByText(
          'Le courrier reçu à partir de cette date est récupéré (vide\u202f: il y a 24 heures). Elle ne peut pas être plus de 24 heures avant maintenant.',
          asWritten,
        ),
      ).toBeInTheDocument();

      // Nothing is sent while a required field is empty or a blacklist entry is neither an address nor a domain.
      await user.type(
        within(wizard).getByRole('textbox', { name: 'E-mails ou domaines exclus' }),
        'not an entry',
      );
      await user.click(within(wizard).getByRole('button', { name: 'Suivant' }));
      expect(
        within(wizard).getByText('Ni une adresse ni un domaine\u202f: not an entry', asWritten),
      ).toBeInTheDocument();
      expect(within(wizard).getAllByText('Obligatoire').length).toBeGreaterThanOrEqual(3);
      expect(sent).toEqual([]);

      await user.type(within(wizard).getByRole('textbox', { name: 'Nom' }), 'Réclamations');
      await user.type(within(wizard).getByRole('textbox', { name: 'Serveur' }), 'imap.acme.test');
      await user.click(within(wizard).getByRole('combobox', { name: 'Sécurité' }));
      await user.click(await screen.findByRole('option', { name: 'STARTTLS (port 143)' }));
      expect(within(wizard).getByRole('textbox', { name: 'Port' })).toHaveValue('143');
      await user.type(within(wizard).getByRole('textbox', { name: 'Nom d’utilisateur' }), 'claims@acme.test');
      await user.type(within(wizard).getByLabelText(/^Mot de passe/), 's3cret');
      const blacklist = within(wizard).getByRole('textbox', { name: 'E-mails ou domaines exclus' });
      await user.clear(blacklist);
      await user.type(blacklist, 'spam.test{Enter}ana@example.org');
      await user.click(within(wizard).getByRole('checkbox', { name: 'Écrire le brouillon de réponse' }));
      await user.click(within(wizard).getByRole('button', { name: 'Suivant' }));

      // The server refuses the start date: said under it, in French; the wizard stays on its first step.
      const refused = await within(wizard).findByText(
        'La date de début ne peut pas être plus de 24 heures avant maintenant',
      );
      const { group } = await findDatePicker('Date de début');
      expect(group.closest('.MuiFormControl-root')).toContainElement(refused);
      expect(refused).toHaveClass('Mui-error');
      expect(within(wizard).getByRole('button', { name: 'Suivant' })).toBeInTheDocument();
      const body = {
        name: 'Réclamations',
        appType: 'imap',
        settings: {
          host: 'imap.acme.test',
          port: 143,
          security: 'starttls',
          username: 'claims@acme.test',
          folder: 'INBOX',
          draftsFolder: null,
          startDate: null,
          blacklist: ['spam.test', 'ana@example.org'],
          postProcessors: ['LABEL', 'DRAFT'],
          labelMode: 'keyword',
          expectConsolidation: false,
        },
        secrets: { password: 's3cret' },
      };
      expect(sent).toEqual([{ method: 'POST', path: 'connectors', body }]);

      await user.click(within(wizard).getByRole('button', { name: 'Suivant' }));
      expect(
        await within(wizard).findByText(
          'La plateforme va maintenant se connecter à la boîte claims@acme.test sur imap.acme.test et ouvrir le dossier INBOX. Si elle y parvient, le connecteur est activé\u202f: dès lors, il récupère le nouveau courrier chaque minute.',
          asWritten,
        ),
      ).toBeInTheDocument();
      // The list behind the wizard shows the connector, inactive, as soon as it is created.
      expect(
        await screen.findByRole('link', { name: 'Ouvrir le connecteur Réclamations', hidden: true }),
      ).toBeInTheDocument();

      // The mailbox refuses the sign-in: the reason is said from its code, and the step can be tried again.
      await user.click(within(wizard).getByRole('button', { name: 'Vérifier et activer' }));
      expect((await within(wizard).findByRole('alert')).textContent).toBe(
        'La boîte aux lettres est injoignable\u202f: Le serveur a refusé le nom d’utilisateur ou le mot de passe de claims@acme.test',
      );
      expect(within(wizard).getByRole('button', { name: 'Corriger les réglages' })).toBeInTheDocument();
      await user.click(within(wizard).getByRole('button', { name: 'Réessayer' }));

      await waitFor(() => expect(router.state.location.pathname).toBe(`${PAGE}/c9`));
      expect(await screen.findByRole('heading', { name: 'Réclamations', level: 1 })).toBeInTheDocument();
      expect(sent.slice(1)).toEqual([
        { method: 'POST', path: 'connectors', body },
        { method: 'PUT', path: 'connectors/c9/active', body: { active: true } },
        { method: 'PUT', path: 'connectors/c9/active', body: { active: true } },
      ]);
    },
  );

  // A whole wizard typed key by key: long in jsdom, longer on a loaded machine.
  it(
    'creates an Exchange connector: its own fields instead of the IMAP ones, then authorizes it through Entra ID',
    { timeout: 90_000 },
    async () => {
      const user = userEvent.setup();
      const sent: { method: string; path: string; body: unknown }[] = [];
      const created = makeExchangeConnector({
        id: 'c7',
        name: 'Outlook claims',
        active: false,
        health: 'unknown',
        lastExecutionAt: null,
        lastRun: null,
        messages: 0,
        settings: {
          clientId: '11111111-2222-3333-4444-555555555555',
          tenantId: 'contoso.onmicrosoft.com',
          userEmail: 'claims@contoso.test',
          startDate: null,
          blacklist: [],
          postProcessors: ['LABEL', 'DRAFT', 'METADATA'],
          expectConsolidation: true,
        },
      });
      let connectors: Connector[] = [];
      const routes: Record<string, FakeRoute> = {
        ...environmentRoutes('configurator'),
        [`GET ${API}/connectors`]: () => json({ data: connectors }),
        [`POST ${API}/connectors`]: (request) => {
          sent.push({ method: 'POST', path: 'connectors', body: request.body });
          connectors = [created];
          return json(created, 201);
        },
        [`PUT ${API}/connectors/c7`]: (request) => {
          sent.push({ method: 'PUT', path: 'connectors/c7', body: request.body });
          return json(created);
        },
        [`PUT ${API}/connectors/c7/active`]: (request) => {
          sent.push({ method: 'PUT', path: 'connectors/c7/active', body: request.body });
          return json({ ...created, active: true, health: 'healthy' });
        },
        [`GET ${API}/connectors/c7`]: () => json({ ...created, active: true, health: 'healthy' }),
        [`GET ${API}/connectors/c7/runs`]: json({ data: [] }),
      };
      const { router } = renderConsole(PAGE, routes);
      await screen.findByRole('heading', { name: 'Integrations', level: 1 }, { timeout: 8000 });
      await user.click(await screen.findByRole('button', { name: 'New connector' }));
      const wizard = await screen.findByRole('dialog', { name: 'New connector' });
      await user.click(within(wizard).getByRole('combobox', { name: 'App type' }));
      expect(screen.getByRole('option', { name: 'IMAP' })).toBeInTheDocument();
      await user.click(screen.getByRole('option', { name: 'Exchange (Microsoft 365)' }));

      // Exchange's fields, none of IMAP's.
      for (const imapOnly of ['Server', 'Port', 'User name', 'Folder', 'Drafts folder'])
        expect(within(wizard).queryByRole('textbox', { name: imapOnly })).not.toBeInTheDocument();
      expect(within(wizard).queryByRole('combobox', { name: 'Security' })).not.toBeInTheDocument();
      expect(within(wizard).queryByLabelText(/^Password/)).not.toBeInTheDocument();
      expect(within(wizard).queryByRole('combobox', { name: 'Write the labels' })).not.toBeInTheDocument();
      expect(within(wizard).getByText(/application permission Mail\.ReadWrite/)).toBeInTheDocument();
      expect(
        within(wizard).getByText('Labels are written as Outlook categories on the message.'),
      ).toBeInTheDocument();
      expect(
        within(wizard)
          .getAllByRole('checkbox')
          .map((box) => box.closest('label')?.textContent),
      ).toEqual([
        'Label the message with its categories',
        'Label with the attachments’ categories',
        'Write the reply draft',
        'Label with the extracted data',
      ]);

      // Nothing is sent while a required field is empty or the user email is not one.
      await user.type(within(wizard).getByRole('textbox', { name: 'User email' }), 'claims');
      await user.click(within(wizard).getByRole('button', { name: 'Next' }));
      expect(within(wizard).getByText('An email address, such as ana@example.org')).toBeInTheDocument();
      expect(within(wizard).getAllByText('Required')).toHaveLength(4);
      expect(sent).toEqual([]);

      await user.type(within(wizard).getByRole('textbox', { name: 'Name' }), 'Outlook claims');
      await user.type(
        within(wizard).getByRole('textbox', { name: 'Application (client) id' }),
        '11111111-2222-3333-4444-555555555555',
      );
      await user.type(
        within(wizard).getByRole('textbox', { name: 'Directory (tenant) id' }),
        'contoso.onmicrosoft.com',
      );
      await user.type(within(wizard).getByLabelText(/^Client secret/), 'cl1ent~s3cret');
      await user.type(within(wizard).getByRole('textbox', { name: 'User email' }), '@contoso.test');
      await user.click(within(wizard).getByRole('checkbox', { name: 'Write the reply draft' }));
      await user.click(within(wizard).getByRole('checkbox', { name: 'Label with the extracted data' }));
      await user.click(within(wizard).getByRole('switch', { name: 'Expect consolidation' }));
      await user.click(within(wizard).getByRole('button', { name: 'Next' }));

      expect(
        await within(wizard).findByText(
          'The platform will now get a token from Microsoft Entra ID for the tenant contoso.onmicrosoft.com and open the inbox of claims@contoso.test. If it can, the connector is activated: from then on it brings in the new mail every minute.',
        ),
      ).toBeInTheDocument();
      expect(sent).toEqual([
        {
          method: 'POST',
          path: 'connectors',
          body: {
            name: 'Outlook claims',
            appType: 'exchange',
            settings: {
              clientId: '11111111-2222-3333-4444-555555555555',
              tenantId: 'contoso.onmicrosoft.com',
              userEmail: 'claims@contoso.test',
              startDate: null,
              blacklist: [],
              postProcessors: ['LABEL', 'DRAFT', 'METADATA'],
              expectConsolidation: true,
            },
            secrets: { clientSecret: 'cl1ent~s3cret' },
          },
        },
      ]);

      // Back to the first step: the app type now stays that of the connector created.
      await user.click(within(wizard).getByRole('button', { name: 'Back' }));
      expect(within(wizard).getByRole('combobox', { name: 'App type' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      await user.click(within(wizard).getByRole('button', { name: 'Next' }));
      await user.click(await within(wizard).findByRole('button', { name: 'Check and activate' }));

      await waitFor(() => expect(router.state.location.pathname).toBe(`${PAGE}/c7`));
      expect(await screen.findByRole('heading', { name: 'Outlook claims', level: 1 })).toBeInTheDocument();
      expect(sent.slice(1)).toEqual([
        { method: 'PUT', path: 'connectors/c7', body: sent[0].body },
        { method: 'PUT', path: 'connectors/c7/active', body: { active: true } },
      ]);
    },
  );

  // A whole wizard typed key by key: long in jsdom, longer on a loaded machine.
  it(
    'creates a Gmail connector, sends the user to Google, waits for the grant, then activates it',
    { timeout: 90_000 },
    async () => {
      const user = userEvent.setup();
      const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
      const sent: { method: string; path: string; body: unknown }[] = [];
      const created = makeGmailConnector({
        settings: { ...makeGmailConnector().settings, postProcessors: ['LABEL', 'DRAFT', 'METADATA'] },
      });
      const consent = 'https://accounts.google.test/o/oauth2/v2/auth?client_id=platform&state=st4te';
      let connectors: Connector[] = [];
      let authorization: Connector['authorization'] = 'notConfigured';
      const routes: Record<string, FakeRoute> = {
        ...environmentRoutes('configurator'),
        [`GET ${API}/connectors`]: () => json({ data: connectors }),
        [`POST ${API}/connectors`]: (request) => {
          sent.push({ method: 'POST', path: 'connectors', body: request.body });
          connectors = [created];
          return json(created, 201);
        },
        [`POST ${API}/connectors/c8/authorize`]: (request) => {
          sent.push({ method: 'POST', path: 'connectors/c8/authorize', body: request.body });
          authorization = 'configuring';
          return json({ url: consent, expiresAt: '2026-03-05T10:10:00.000Z' });
        },
        [`GET ${API}/connectors/c8`]: () => json({ ...created, authorization }),
        [`PUT ${API}/connectors/c8/active`]: (request) => {
          sent.push({ method: 'PUT', path: 'connectors/c8/active', body: request.body });
          return json({ ...created, authorization, active: true, health: 'healthy' });
        },
        [`GET ${API}/connectors/c8/runs`]: json({ data: [] }),
      };
      const { router } = renderConsole(PAGE, routes);
      await screen.findByRole('heading', { name: 'Integrations', level: 1 }, { timeout: 8000 });
      await user.click(await screen.findByRole('button', { name: 'New connector' }));
      const wizard = await screen.findByRole('dialog', { name: 'New connector' });
      await user.click(within(wizard).getByRole('combobox', { name: 'App type' }));
      await user.click(screen.getByRole('option', { name: 'Gmail' }));

      // Gmail's own fields: the platform's OAuth client unless the switch says otherwise.
      for (const other of ['Server', 'User name', 'Directory (tenant) id', 'User email', 'OAuth client id'])
        expect(within(wizard).queryByRole('textbox', { name: other })).not.toBeInTheDocument();
      expect(within(wizard).queryByLabelText(/^Client secret/)).not.toBeInTheDocument();
      const own = within(wizard).getByRole('switch', { name: 'Use our own Google OAuth client' });
      expect(own).not.toBeChecked();
      await user.click(own);
      expect(within(wizard).getByRole('textbox', { name: 'OAuth client id' })).toBeInTheDocument();
      expect(within(wizard).getByLabelText(/^Client secret/)).toHaveAttribute('type', 'password');
      const redirect = within(wizard).getByRole('textbox', { name: 'Redirect URI' });
      expect(redirect).toHaveValue(`${window.location.origin}${GMAIL_CALLBACK_PATH}`);
      expect(
        within(wizard).getByText('It must be registered on the OAuth client as an authorised redirect URI.'),
      ).toBeInTheDocument();
      await user.clear(redirect);
      await user.type(redirect, 'console.example.org/callback');
      await user.type(within(wizard).getByRole('textbox', { name: 'Gmail address' }), 'claims');
      await user.click(within(wizard).getByRole('button', { name: 'Next' }));
      expect(within(wizard).getByText('An email address, such as ana@example.org')).toBeInTheDocument();
      expect(
        within(wizard).getByText(
          'An http or https address, such as https://console.example.org/integrations/gmail/callback',
        ),
      ).toBeInTheDocument();
      // The name, the client id and the client secret.
      expect(within(wizard).getAllByText('Required')).toHaveLength(3);
      expect(sent).toEqual([]);

      // Back to the platform's client: its fields are neither checked nor sent.
      await user.click(own);
      await user.type(within(wizard).getByRole('textbox', { name: 'Name' }), 'Gmail claims');
      await user.type(within(wizard).getByRole('textbox', { name: 'Gmail address' }), '@gmail.test');
      await user.click(within(wizard).getByRole('checkbox', { name: 'Write the reply draft' }));
      await user.click(within(wizard).getByRole('checkbox', { name: 'Label with the extracted data' }));
      expect(
        within(wizard).getByText('Labels are written as Gmail labels on the message.'),
      ).toBeInTheDocument();
      await user.click(within(wizard).getByRole('button', { name: 'Next' }));

      expect(
        await within(wizard).findByText(
          /^Google will now ask the user of the mailbox claims@gmail\.test to let the platform read and label its mail and write drafts/,
        ),
      ).toBeInTheDocument();
      expect(sent).toEqual([
        {
          method: 'POST',
          path: 'connectors',
          body: {
            name: 'Gmail claims',
            appType: 'gmail',
            settings: {
              customCredentials: false,
              clientId: null,
              redirectUri: null,
              user: 'claims@gmail.test',
              startDate: null,
              blacklist: [],
              postProcessors: ['LABEL', 'DRAFT', 'METADATA'],
              expectConsolidation: false,
            },
          },
        },
      ]);
      // Nothing to check before Google gave its grant.
      expect(within(wizard).queryByRole('button', { name: 'Check and activate' })).not.toBeInTheDocument();
      expect(within(wizard).getByRole('button', { name: 'Finish later' })).toBeInTheDocument();

      await user.click(within(wizard).getByRole('button', { name: 'Authorize with Google' }));
      expect(await within(wizard).findByText('Waiting for Google…')).toBeInTheDocument();
      expect(opened).toHaveBeenCalledExactlyOnceWith(consent, '_blank', 'noopener');
      expect(within(wizard).getByRole('link', { name: 'If no page opened, open this link' })).toHaveAttribute(
        'href',
        consent,
      );
      expect(sent.slice(1)).toEqual([{ method: 'POST', path: 'connectors/c8/authorize', body: undefined }]);

      // The grant comes back through the callback page (another tab); coming back to this one reads it at once.
      authorization = 'configured';
      document.dispatchEvent(new Event('visibilitychange'));
      expect(
        await within(wizard).findByText('Google gave the platform access to the mailbox claims@gmail.test.'),
      ).toBeInTheDocument();
      await user.click(within(wizard).getByRole('button', { name: 'Check and activate' }));

      await waitFor(() => expect(router.state.location.pathname).toBe(`${PAGE}/c8`));
      expect(await screen.findByRole('heading', { name: 'Gmail claims', level: 1 })).toBeInTheDocument();
      expect(sent.slice(2)).toEqual([
        { method: 'PUT', path: 'connectors/c8/active', body: { active: true } },
      ]);
    },
  );

  it('polls the connector every 2 s while Google’s page is open', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const created = makeGmailConnector();
    let reads = 0;
    renderConsole(PAGE, {
      ...environmentRoutes('configurator'),
      [`GET ${API}/connectors`]: json({ data: [] }),
      [`POST ${API}/connectors`]: json(created, 201),
      [`POST ${API}/connectors/c8/authorize`]: json({
        url: 'https://accounts.google.test/auth',
        expiresAt: '2026-03-05T10:10:00.000Z',
      }),
      [`GET ${API}/connectors/c8`]: () => {
        reads += 1;
        return json({ ...created, authorization: 'configured' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New connector' }, { timeout: 8000 }));
    const wizard = await screen.findByRole('dialog', { name: 'New connector' });
    await user.click(within(wizard).getByRole('combobox', { name: 'App type' }));
    await user.click(screen.getByRole('option', { name: 'Gmail' }));
    await user.type(within(wizard).getByRole('textbox', { name: 'Name' }), 'Gmail claims');
    await user.type(within(wizard).getByRole('textbox', { name: 'Gmail address' }), 'claims@gmail.test');
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.click(await within(wizard).findByRole('button', { name: 'Authorize with Google' }));
    expect(await within(wizard).findByText('Waiting for Google…')).toBeInTheDocument();
    expect(reads).toBe(0);
    expect(
      await within(wizard).findByRole('button', { name: 'Check and activate' }, { timeout: 3500 }),
    ).toBeInTheDocument();
    expect(reads).toBe(1);
  });
});
