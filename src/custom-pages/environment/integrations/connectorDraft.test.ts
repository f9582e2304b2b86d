import type { TranslateFunction } from 'react-admin';
import { describe, expect, it } from 'vitest';
import {
  GMAIL_CALLBACK_PATH,
  draftOf,
  draftProblems,
  inputOf,
  localDateTime,
  newDraft,
  settingsOf,
} from './connectorDraft';
import { problemParams } from './connectorProblem';
import { makeConnector, makeExchangeConnector, makeGmailConnector } from './testing';

/** The key and its values, so a check names what it would say. */
const translate = ((key: string, values?: Record<string, unknown>) =>
  values && 'max' in values ? `${key}(${String(values.max)})` : key) as TranslateFunction;
const said = (key: string) => `app.integrations.form.${key}`;

describe('connector drafts (IMAP and Exchange)', () => {
  it('gives back each app type’s stored settings unchanged, and only its own', () => {
    const imap = makeConnector();
    const exchange = makeExchangeConnector();
    expect(settingsOf(draftOf(imap), imap.settings)).toEqual(imap.settings);
    expect(settingsOf(draftOf(exchange), exchange.settings)).toEqual(exchange.settings);
    expect(inputOf(draftOf(exchange), exchange.settings)).toEqual({
      name: 'Outlook claims',
      appType: 'exchange',
      settings: exchange.settings,
    });
  });

  it('keeps what was typed for the other app type out of the settings, the post-processors too', () => {
    const draft = {
      ...newDraft(),
      name: 'Both',
      appType: 'exchange' as const,
      postProcessors: ['METADATA' as const, 'LABEL' as const],
      imap: { ...newDraft().imap, host: 'imap.acme.test', password: 'imap-pass' },
      exchange: { clientId: 'app', tenantId: 'contoso.test', userEmail: 'a@contoso.test', clientSecret: 's' },
    };
    expect(inputOf(draft)).toEqual({
      name: 'Both',
      appType: 'exchange',
      settings: {
        clientId: 'app',
        tenantId: 'contoso.test',
        userEmail: 'a@contoso.test',
        startDate: null,
        blacklist: [],
        postProcessors: ['LABEL', 'METADATA'],
        expectConsolidation: false,
      },
      secrets: { clientSecret: 's' },
    });
    const imap = inputOf({ ...draft, appType: 'imap' });
    expect(imap).toMatchObject({ appType: 'imap', secrets: { password: 'imap-pass' } });
    expect(imap.settings.postProcessors).toEqual(['LABEL']);
  });

  it('checks the fields of the draft’s app type, and the blacklist and start date of both', () => {
    const old = localDateTime(new Date(Date.now() - 48 * 3_600_000).toISOString());
    const common = { blacklist: 'not an entry', startDate: old };
    expect(draftProblems(translate, { ...newDraft(), ...common }, { secretRequired: true })).toEqual({
      name: said('required'),
      'settings.host': said('required'),
      'settings.username': said('required'),
      'secrets.password': said('required'),
      'settings.blacklist': said('blacklistInvalid'),
      'settings.startDate': 'The start date cannot be more than 24 hours before now',
    });
    const exchange = {
      ...newDraft(),
      ...common,
      name: 'Outlook',
      appType: 'exchange' as const,
      exchange: { clientId: 'app', tenantId: '', userEmail: 'not-an-email', clientSecret: '' },
    };
    expect(draftProblems(translate, exchange, { secretRequired: true })).toEqual({
      'settings.tenantId': said('required'),
      'settings.userEmail': said('userEmailInvalid'),
      'secrets.clientSecret': said('required'),
      'settings.blacklist': said('blacklistInvalid'),
      'settings.startDate': 'The start date cannot be more than 24 hours before now',
    });
    // On edit the stored secret stays, and a stored start date however old is kept.
    const stored = { ...makeExchangeConnector().settings, startDate: new Date(old).toISOString() };
    expect(
      draftProblems(
        translate,
        {
          ...exchange,
          blacklist: '',
          exchange: { ...exchange.exchange, tenantId: 't', userEmail: 'a@b.test' },
        },
        { secretRequired: false, stored },
      ),
    ).toEqual({});
  });

  it('gives a problem’s words the values of the connector’s own app type', () => {
    expect(problemParams(makeConnector())).toEqual({
      host: 'imap.acme.test',
      port: 993,
      user: 'claims@acme.test',
      folder: 'INBOX',
    });
    expect(problemParams(makeExchangeConnector())).toEqual({
      user: 'claims@contoso.test',
      tenant: 'contoso.onmicrosoft.com',
      client: '11111111-2222-3333-4444-555555555555',
    });
    expect(problemParams(makeGmailConnector())).toEqual({ user: 'claims@gmail.test' });
    const own = makeGmailConnector({
      settings: {
        ...makeGmailConnector().settings,
        customCredentials: true,
        clientId: 'own',
        redirectUri: 'x',
      },
    });
    expect(problemParams(own)).toEqual({ user: 'claims@gmail.test', client: 'own' });
  });
});

describe('connector drafts (Gmail)', () => {
  const gmailDraft = (gmail: Partial<ReturnType<typeof newDraft>['gmail']> = {}) => ({
    ...newDraft(),
    name: 'Gmail',
    appType: 'gmail' as const,
    postProcessors: ['METADATA' as const, 'LABEL' as const],
    gmail: { ...newDraft().gmail, user: ' claims@gmail.test ', ...gmail },
  });

  it('offers this console’s callback page as the redirect URI', () => {
    expect(newDraft().gmail).toEqual({
      user: '',
      customCredentials: false,
      clientId: '',
      clientSecret: '',
      redirectUri: `${window.location.origin}${GMAIL_CALLBACK_PATH}`,
    });
  });

  it('sends the OAuth client’s id, redirect URI and secret only with custom credentials', () => {
    const typed = { clientId: ' own-client ', clientSecret: 's3cret', redirectUri: 'https://c.test/cb' };
    expect(inputOf(gmailDraft(typed))).toEqual({
      name: 'Gmail',
      appType: 'gmail',
      settings: {
        customCredentials: false,
        clientId: null,
        redirectUri: null,
        user: 'claims@gmail.test',
        startDate: null,
        blacklist: [],
        postProcessors: ['LABEL', 'METADATA'],
        expectConsolidation: false,
      },
    });
    expect(inputOf(gmailDraft({ ...typed, customCredentials: true }))).toMatchObject({
      settings: { customCredentials: true, clientId: 'own-client', redirectUri: 'https://c.test/cb' },
      secrets: { clientSecret: 's3cret' },
    });
    const stored = makeGmailConnector();
    expect(settingsOf(draftOf(stored), stored.settings)).toEqual(stored.settings);
    const own = makeGmailConnector({
      settings: {
        ...stored.settings,
        customCredentials: true,
        clientId: 'own',
        redirectUri: 'https://c.test/cb',
      },
    });
    expect(inputOf(draftOf(own), own.settings)).toEqual({
      name: 'Gmail claims',
      appType: 'gmail',
      settings: own.settings,
    });
  });

  it('checks the address, and the OAuth client’s fields only with custom credentials', () => {
    expect(draftProblems(translate, gmailDraft({ user: 'claims' }), { secretRequired: true })).toEqual({
      'settings.user': said('userEmailInvalid'),
    });
    const custom = gmailDraft({ customCredentials: true, clientId: ' ', redirectUri: 'ftp://c.test/cb' });
    expect(draftProblems(translate, custom, { secretRequired: true })).toEqual({
      'settings.clientId': said('required'),
      'secrets.clientSecret': said('required'),
      'settings.redirectUri': said('redirectUriInvalid'),
    });
    expect(
      draftProblems(
        translate,
        { ...custom, gmail: { ...custom.gmail, redirectUri: '' } },
        { secretRequired: true },
      ),
    ).toMatchObject({ 'settings.redirectUri': said('required') });
    const valid = gmailDraft({
      customCredentials: true,
      clientId: 'own',
      redirectUri: 'http://localhost:5173/cb',
    });
    expect(
      draftProblems(translate, valid, { secretRequired: false, stored: makeGmailConnector().settings }),
    ).toEqual({
      // Its own client is new: no secret is stored yet.
      'secrets.clientSecret': said('required'),
    });
    const ownStored = {
      ...makeGmailConnector().settings,
      customCredentials: true,
      clientId: 'own',
      redirectUri: 'x',
    };
    expect(draftProblems(translate, valid, { secretRequired: false, stored: ownStored })).toEqual({});
  });
});
