import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connector, ConnectorRun } from '../../../../schemas/contracts/connectors';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { enterDate } from '../../../test/datePicker';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { formatDateTime } from '../../../theme';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';
import { makeConnector, makeExchangeConnector, makeGmailConnector, makeRun } from './testing';

beforeEach(resetBrowserState);
afterEach(() => vi.restoreAllMocks());

const PAGE = `${ENV_PATH}/env-management/integrations`;

/** The detail of connector c1 over a fake server; `sent` collects what the page wrote. */
const open = async (extra: Record<string, FakeRoute> = {}, runs: ConnectorRun[] = [makeRun()]) => {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const record =
    (method: string, answer: (body: unknown) => Response): FakeRoute =>
    (request) => {
      sent.push({ method, path: request.url.pathname.replace(`${API}/`, ''), body: request.body });
      return answer(request.body);
    };
  const view = renderConsole(`${PAGE}/c1`, {
    ...environmentRoutes('configurator'),
    [`GET ${API}/connectors`]: json({ data: [] }),
    [`GET ${API}/connectors/c1`]: json(makeConnector()),
    [`GET ${API}/connectors/c1/runs`]: json({ data: runs }),
    [`DELETE ${API}/connectors/c1`]: record('DELETE', () => new Response(null, { status: 204 })),
    [`PUT ${API}/connectors/c1`]: record('PUT', (body) =>
      json(makeConnector({ name: (body as { name: string }).name })),
    ),
    [`POST ${API}/connectors/c1/runs`]: record('POST', (body) =>
      json(
        makeRun({
          id: 'r2',
          kind: 'manual',
          state: 'queued',
          startedAt: null,
          finishedAt: null,
          found: 0,
          fetched: 0,
          blacklisted: 0,
          writtenBack: 0,
          ...(body as object),
        }),
        201,
      ),
    ),
    ...extra,
  });
  await screen.findByRole('heading', { name: 'Claims inbox', level: 1 }, { timeout: 8000 });
  return { ...view, sent };
};

describe('connector detail (spec pipeline §2 "connector detail", §3 "Connector")', () => {
  it('shows its sections, the password only said set, and its runs', async () => {
    await open({}, [
      makeRun({
        id: 'r1',
        state: 'failed',
        problem: {
          code: 'IMAP_FOLDER_MISSING',
          message: 'The folder Claims does not exist',
          params: { folder: 'Claims' },
        },
      }),
    ]);
    const input = screen.getByRole('region', { name: 'Input fields' });
    expect(within(input).getByText('imap.acme.test')).toBeInTheDocument();
    expect(within(input).getByText('Set (hidden)')).toBeInTheDocument();
    expect(within(input).getByText('spam.test')).toBeInTheDocument();
    const output = screen.getByRole('region', { name: 'Output fields' });
    expect(
      within(output).getByText('Label the message with its categories Write the reply draft'),
    ).toBeInTheDocument();
    expect(within(output).getByText('The folder the server marks as Drafts')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'General information' })).toHaveTextContent('Bob Smith');
    const runs = await screen.findByRole('table', { name: 'Runs' });
    expect(within(runs).getByText('Failed')).toBeInTheDocument();
    expect(within(runs).getByText('The folder Claims does not exist on the server')).toBeInTheDocument();
  });

  it('deletes only once the confirmation is accepted', async () => {
    const user = userEvent.setup();
    const { sent, router } = await open();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the connector Claims inbox?' });
    expect(confirm).toHaveTextContent('It stops reading the mailbox and its runs log is deleted.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete the connector Claims inbox?' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
    expect(sent).toEqual([{ method: 'DELETE', path: 'connectors/c1', body: undefined }]);
  });

  it('queues a manual run with its dates and force duplicates, and shows it in the runs', async () => {
    const user = userEvent.setup();
    const { sent } = await open();
    await user.click(screen.getByRole('button', { name: 'Manual run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manual run' });
    await enterDate('From', '03/05/26 09:30 AM');
    await enterDate('To', '03/05/26 06:00 PM');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Force duplicates' }));
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      {
        method: 'POST',
        path: 'connectors/c1/runs',
        body: {
          fromDate: new Date(2026, 2, 5, 9, 30).toISOString(),
          toDate: new Date(2026, 2, 5, 18, 0).toISOString(),
          forceDuplicates: true,
        },
      },
    ]);
    const runs = screen.getByRole('table', { name: 'Runs' });
    expect(await within(runs).findByText('Queued')).toBeInTheDocument();
    expect(within(runs).getByText('Manual')).toBeInTheDocument();
  });

  it('saves an edit without the password unless a new one is typed, keeping the stored start date', async () => {
    const user = userEvent.setup();
    const { sent } = await open();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Claims');
    expect(screen.getByLabelText('Change the password')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: 'connectors/c1',
      body: { name: 'Claims', appType: 'imap', settings: makeConnector().settings },
    });
    expect(await screen.findByRole('heading', { name: 'Claims', level: 1 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Change the password'), 'n3w');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].body).toMatchObject({ secrets: { password: 'n3w' } });
  });

  it('shows an Exchange connector’s own fields, its client secret only said set, and edits it with its app type', async () => {
    const user = userEvent.setup();
    const exchange = makeExchangeConnector({ id: 'c1', name: 'Claims inbox' });
    const { sent } = await open({
      [`GET ${API}/connectors/c1`]: json(exchange),
      [`PUT ${API}/connectors/c1`]: (request) => {
        sent.push({ method: 'PUT', path: 'connectors/c1', body: request.body });
        return json({ ...exchange, name: (request.body as { name: string }).name });
      },
    });
    const general = screen.getByRole('region', { name: 'General information' });
    expect(within(general).getByText('Exchange (Microsoft 365)')).toBeInTheDocument();
    const input = screen.getByRole('region', { name: 'Input fields' });
    expect(within(input).getByText('Directory (tenant) id')).toBeInTheDocument();
    expect(within(input).getByText('contoso.onmicrosoft.com')).toBeInTheDocument();
    expect(within(input).getByText('11111111-2222-3333-4444-555555555555')).toBeInTheDocument();
    expect(within(input).getByText('claims@contoso.test')).toBeInTheDocument();
    expect(within(input).getByText('Client secret')).toBeInTheDocument();
    expect(within(input).getByText('Set (hidden)')).toBeInTheDocument();
    // No IMAP field for an Exchange mailbox.
    for (const imapOnly of ['Server', 'Port', 'Security', 'Password', 'Folder'])
      expect(within(input).queryByText(imapOnly)).not.toBeInTheDocument();
    const output = screen.getByRole('region', { name: 'Output fields' });
    expect(
      within(output).getByText('Label the message with its categories Label with the extracted data'),
    ).toBeInTheDocument();
    expect(within(output).queryByText('Drafts folder')).not.toBeInTheDocument();
    expect(within(output).getByText('Yes')).toBeInTheDocument();

    // The edit shows the Exchange fields, the secret empty, the app type fixed.
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Directory (tenant) id' })).toHaveValue(
      'contoso.onmicrosoft.com',
    );
    expect(screen.getByLabelText('Change the client secret')).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: 'Server' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'App type' })).toHaveAttribute('aria-disabled', 'true');
    const tenant = screen.getByRole('textbox', { name: 'Directory (tenant) id' });
    await user.clear(tenant);
    await user.type(tenant, 'fabrikam.onmicrosoft.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: 'connectors/c1',
      body: {
        name: 'Claims inbox',
        appType: 'exchange',
        settings: { ...exchange.settings, tenantId: 'fabrikam.onmicrosoft.com' },
      },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Change the client secret'), 'n3w-s3cret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].body).toMatchObject({ appType: 'exchange', secrets: { clientSecret: 'n3w-s3cret' } });
    expect(document.body).not.toHaveTextContent('n3w-s3cret');
  });

  it('checks the mailbox now, and says why an activation was refused', async () => {
    const user = userEvent.setup();
    const inactive = makeConnector({ active: false });
    await open({
      [`GET ${API}/connectors/c1`]: json(inactive),
      [`POST ${API}/connectors/c1/healthcheck`]: json({
        ok: true,
        problem: null,
        folder: { path: 'INBOX', messages: 42 },
        durationMs: 120,
        connector: inactive,
      }),
      [`PUT ${API}/connectors/c1/active`]: json(
        {
          code: 'CONNECTOR_CHECK_FAILED',
          message: 'The mailbox could not be reached: The folder INBOX does not exist on the server',
          params: { reason: 'The folder INBOX does not exist on the server', problem: 'IMAP_FOLDER_MISSING' },
        },
        400,
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Healthcheck' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The mailbox answered in 120 ms: 42 messages in INBOX.',
    );
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The mailbox could not be reached: The folder INBOX does not exist on the server',
    );
    expect(screen.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  });

  it('shows a Gmail connector’s grant and own OAuth client, and authorizes it again (spec pipeline §8)', async () => {
    const user = userEvent.setup();
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    const consent = 'https://accounts.google.test/o/oauth2/v2/auth?client_id=own&state=st4te';
    let authorization: Connector['authorization'] = 'reauthorize';
    const gmail = makeGmailConnector({
      id: 'c1',
      name: 'Claims inbox',
      active: true,
      settings: {
        ...makeGmailConnector().settings,
        customCredentials: true,
        clientId: '1234-own.apps.googleusercontent.com',
        redirectUri: 'https://console.acme.test/integrations/gmail/callback',
      },
      secretsSet: ['clientSecret'],
      tokenExpiresAt: '2026-04-05T10:00:00.000Z',
    });
    const { sent } = await open({
      [`GET ${API}/connectors/c1`]: () => json({ ...gmail, authorization }),
      [`POST ${API}/connectors/c1/authorize`]: (request) => {
        sent.push({ method: 'POST', path: 'connectors/c1/authorize', body: request.body });
        authorization = 'configuring';
        return json({ url: consent, expiresAt: '2026-03-05T10:10:00.000Z' });
      },
      [`PUT ${API}/connectors/c1`]: (request) => {
        sent.push({ method: 'PUT', path: 'connectors/c1', body: request.body });
        return json({ ...gmail, authorization });
      },
    });
    const heading = screen.getByRole('heading', { name: 'Claims inbox', level: 1 }).parentElement!;
    expect(within(heading).getByText('Authorize again')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Google no longer gives access to the mailbox claims@gmail.test (the access was withdrawn, or the OAuth client changed): authorize again.',
    );
    const input = screen.getByRole('region', { name: 'Input fields' });
    expect(within(input).getByText('Gmail address')).toBeInTheDocument();
    expect(within(input).getByText('claims@gmail.test')).toBeInTheDocument();
    expect(within(input).getByText('Own Google OAuth client')).toBeInTheDocument();
    expect(within(input).getByText('1234-own.apps.googleusercontent.com')).toBeInTheDocument();
    expect(within(input).getByText('Set (hidden)')).toBeInTheDocument();
    expect(
      within(input).getByText('https://console.acme.test/integrations/gmail/callback'),
    ).toBeInTheDocument();
    for (const other of ['Server', 'Password', 'Directory (tenant) id', 'User email'])
      expect(within(input).queryByText(other)).not.toBeInTheDocument();
    const advanced = screen.getByRole('region', { name: 'Advanced settings' });
    expect(within(advanced).getByText(formatDateTime('2026-04-05T10:00:00.000Z', 'en'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reauthorize' }));
    expect(await screen.findByText('Waiting for Google…')).toBeInTheDocument();
    expect(opened).toHaveBeenCalledExactlyOnceWith(consent, '_blank', 'noopener');
    expect(screen.getByRole('link', { name: 'If no page opened, open this link' })).toHaveAttribute(
      'href',
      consent,
    );
    expect(within(heading).getByText('Waiting for Google')).toBeInTheDocument();
    authorization = 'configured';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(
      await screen.findByText('Google gave the platform access to the mailbox claims@gmail.test.'),
    ).toBeInTheDocument();
    expect(within(heading).getByText('Connected')).toBeInTheDocument();

    // An edit keeps the stored client secret unless a new one is typed.
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('switch', { name: 'Use our own Google OAuth client' })).toBeChecked();
    expect(screen.getByLabelText('Change the client secret')).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(
      'https://console.acme.test/integrations/gmail/callback',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { method: 'POST', path: 'connectors/c1/authorize', body: undefined },
      {
        method: 'PUT',
        path: 'connectors/c1',
        body: { name: 'Claims inbox', appType: 'gmail', settings: gmail.settings },
      },
    ]);
  });

  it('offers to authorize a Gmail connector never authorized, and asks for a secret when its own client is new', async () => {
    const user = userEvent.setup();
    const gmail = makeGmailConnector({ id: 'c1', name: 'Claims inbox' });
    const { sent } = await open({ [`GET ${API}/connectors/c1`]: json(gmail) });
    expect(screen.getByRole('note')).toHaveTextContent(
      'Google has not given access to the mailbox claims@gmail.test yet: authorize the connector to connect it.',
    );
    expect(screen.getByRole('button', { name: 'Authorize' })).toBeInTheDocument();
    const input = screen.getByRole('region', { name: 'Input fields' });
    expect(within(input).getByText('Not configured')).toBeInTheDocument();
    // The platform's client: no client id, secret nor redirect URI to show.
    for (const own of ['OAuth client id', 'Client secret', 'Redirect URI'])
      expect(within(input).queryByText(own)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('switch', { name: 'Use our own Google OAuth client' }));
    await user.type(
      screen.getByRole('textbox', { name: 'OAuth client id' }),
      '1234-own.apps.googleusercontent.com',
    );
    expect(screen.queryByLabelText('Change the client secret')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const secret = screen.getByLabelText(/^Client secret/);
    expect(secret.closest('.MuiFormControl-root')).toHaveTextContent('Required');
    expect(sent).toEqual([]);
  });
});
