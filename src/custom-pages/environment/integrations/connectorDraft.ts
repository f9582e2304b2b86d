import type { TranslateFunction } from 'react-admin';
import {
  BLACKLIST_ENTRY,
  BLACKLIST_MAX,
  EXCHANGE_POST_PROCESSORS,
  GMAIL_POST_PROCESSORS,
  IMAP_POST_PROCESSORS,
  START_DATE_MAX_AGE_HOURS,
  type Connector,
  type ConnectorAppType,
  type ConnectorInput,
  type ExchangePostProcessor,
  type ExchangeSettings,
  type GmailPostProcessor,
  type GmailSettings,
  type ImapPostProcessor,
  type ImapSettings,
  type ImapLabelMode,
} from '../../../../schemas/contracts/connectors';
import { detailMessage } from '../../../api/errors';

export type ImapSecurity = ImapSettings['security'];
/** A connector's settings, whichever its app type. */
export type ConnectorSettings = Connector['settings'];
/** What any app type may write back (each offers its own: IMAP no METADATA). */
export type PostProcessor = ImapPostProcessor | ExchangePostProcessor | GmailPostProcessor;

/** The post-processors each app type offers, in the contract's order. */
export const POST_PROCESSORS: Record<ConnectorAppType, readonly PostProcessor[]> = {
  imap: IMAP_POST_PROCESSORS,
  exchange: EXCHANGE_POST_PROCESSORS,
  gmail: GMAIL_POST_PROCESSORS,
};

/** The secret each app type stores: its path in the body is `secrets.<name>`, its name in `secretsSet`. */
export const SECRET_NAMES = {
  imap: 'password',
  exchange: 'clientSecret',
  gmail: 'clientSecret',
} as const satisfies Record<ConnectorAppType, string>;

/**
 * The console's page Google sends the user back to (src/custom-pages/integrations/gmail-callback):
 * an OAuth client of the customer's own must have it as an authorised redirect URI.
 */
export const GMAIL_CALLBACK_PATH = '/integrations/gmail/callback';
/** The redirect URI a Gmail connector with its own OAuth client is offered: this console's callback page. */
export const defaultRedirectUri = (): string => `${window.location.origin}${GMAIL_CALLBACK_PATH}`;

/** The port each security uses unless told otherwise (RFC 8314: 993 for TLS, 143 for IMAP). */
export const SECURITY_PORTS: Record<ImapSecurity, number> = { tls: 993, starttls: 143, none: 143 };

/** An IMAP mailbox as typed: the port a string, the drafts folder '' for the server's, the password '' when not typed. */
export interface ImapDraft {
  host: string;
  port: string;
  security: ImapSecurity;
  username: string;
  password: string;
  folder: string;
  draftsFolder: string;
  labelMode: ImapLabelMode;
}

/** An Exchange mailbox as typed (Microsoft Graph): the client secret '' when not typed. */
export interface ExchangeDraft {
  clientId: string;
  tenantId: string;
  userEmail: string;
  clientSecret: string;
}

/**
 * A Gmail mailbox as typed: without custom credentials, the platform's OAuth client (the client id
 * and redirect URI then kept as typed but not sent); the client secret '' when not typed.
 */
export interface GmailDraft {
  user: string;
  customCredentials: boolean;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/**
 * A connector's form as typed: what every app type has (the start date as a local
 * `YYYY-MM-DDTHH:mm`, '' for none; the blacklist one entry per line), then each app type's own
 * part. Every part is kept, so that switching the app type in the wizard loses nothing typed;
 * only `appType`'s is sent.
 */
export interface ConnectorDraft {
  name: string;
  appType: ConnectorAppType;
  startDate: string;
  blacklist: string;
  /** Those of `POST_PROCESSORS[appType]` are sent. */
  postProcessors: PostProcessor[];
  expectConsolidation: boolean;
  imap: ImapDraft;
  exchange: ExchangeDraft;
  gmail: GmailDraft;
}

const newImapDraft = (): ImapDraft => ({
  host: '',
  port: String(SECURITY_PORTS.tls),
  security: 'tls',
  username: '',
  password: '',
  folder: 'INBOX',
  draftsFolder: '',
  labelMode: 'keyword',
});

const newExchangeDraft = (): ExchangeDraft => ({
  clientId: '',
  tenantId: '',
  userEmail: '',
  clientSecret: '',
});

const newGmailDraft = (): GmailDraft => ({
  user: '',
  customCredentials: false,
  clientId: '',
  clientSecret: '',
  redirectUri: defaultRedirectUri(),
});

export const newDraft = (): ConnectorDraft => ({
  name: '',
  appType: 'imap',
  startDate: '',
  blacklist: '',
  postProcessors: ['LABEL'],
  expectConsolidation: false,
  imap: newImapDraft(),
  exchange: newExchangeDraft(),
  gmail: newGmailDraft(),
});

/** An instant as the date-time field reads it: local time to the minute. */
export const localDateTime = (iso: string): string => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export const draftOf = (connector: Connector): ConnectorDraft => {
  const s = connector.settings;
  const draft: ConnectorDraft = {
    ...newDraft(),
    name: connector.name,
    appType: connector.appType,
    startDate: s.startDate ? localDateTime(s.startDate) : '',
    blacklist: s.blacklist.join('\n'),
    postProcessors: [...s.postProcessors],
    expectConsolidation: s.expectConsolidation,
  };
  switch (connector.appType) {
    case 'imap': {
      const i = connector.settings;
      return {
        ...draft,
        imap: {
          host: i.host,
          port: String(i.port),
          security: i.security,
          username: i.username,
          password: '',
          folder: i.folder,
          draftsFolder: i.draftsFolder ?? '',
          labelMode: i.labelMode ?? 'keyword',
        },
      };
    }
    case 'exchange': {
      const e = connector.settings;
      return {
        ...draft,
        exchange: { clientId: e.clientId, tenantId: e.tenantId, userEmail: e.userEmail, clientSecret: '' },
      };
    }
    case 'gmail': {
      const g = connector.settings;
      return {
        ...draft,
        gmail: {
          user: g.user,
          customCredentials: g.customCredentials,
          clientId: g.clientId ?? '',
          clientSecret: '',
          redirectUri: g.redirectUri ?? draft.gmail.redirectUri,
        },
      };
    }
  }
};

/** A change of security moves a port left at the previous security's default to the new one's. */
export const withSecurity = (imap: ImapDraft, security: ImapSecurity): ImapDraft => ({
  ...imap,
  security,
  port: imap.port === String(SECURITY_PORTS[imap.security]) ? String(SECURITY_PORTS[security]) : imap.port,
});

const blacklistOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * What every app type's settings have. `stored`: the connector's saved settings, whose start date
 * is sent back unchanged when the field still shows it (the server keeps a start date it already
 * has, however old; a new one may be at most 24 h before now).
 */
const commonSettingsOf = (draft: ConnectorDraft, stored?: Pick<ConnectorSettings, 'startDate'>) => {
  const keepsStart = stored?.startDate && draft.startDate === localDateTime(stored.startDate);
  return {
    startDate: keepsStart
      ? stored.startDate
      : draft.startDate === ''
        ? null
        : new Date(draft.startDate).toISOString(),
    blacklist: blacklistOf(draft.blacklist),
    expectConsolidation: draft.expectConsolidation,
  };
};

const imapSettingsOf = (
  draft: ConnectorDraft,
  stored?: Pick<ConnectorSettings, 'startDate'>,
): ImapSettings => {
  const i = draft.imap;
  return {
    host: i.host.trim(),
    port: Number(i.port),
    security: i.security,
    username: i.username.trim(),
    folder: i.folder.trim(),
    draftsFolder: i.draftsFolder.trim() || null,
    ...commonSettingsOf(draft, stored),
    postProcessors: IMAP_POST_PROCESSORS.filter((p) => draft.postProcessors.includes(p)),
    labelMode: i.labelMode,
  };
};

const exchangeSettingsOf = (
  draft: ConnectorDraft,
  stored?: Pick<ConnectorSettings, 'startDate'>,
): ExchangeSettings => {
  const e = draft.exchange;
  return {
    clientId: e.clientId.trim(),
    tenantId: e.tenantId.trim(),
    userEmail: e.userEmail.trim(),
    ...commonSettingsOf(draft, stored),
    postProcessors: EXCHANGE_POST_PROCESSORS.filter((p) => draft.postProcessors.includes(p)),
  };
};

/** Without custom credentials, the platform's OAuth client: no client id nor redirect URI is sent. */
const gmailSettingsOf = (
  draft: ConnectorDraft,
  stored?: Pick<ConnectorSettings, 'startDate'>,
): GmailSettings => {
  const g = draft.gmail;
  return {
    customCredentials: g.customCredentials,
    clientId: g.customCredentials ? g.clientId.trim() : null,
    redirectUri: g.customCredentials ? g.redirectUri.trim() : null,
    user: g.user.trim(),
    ...commonSettingsOf(draft, stored),
    postProcessors: GMAIL_POST_PROCESSORS.filter((p) => draft.postProcessors.includes(p)),
  };
};

/** The settings of the draft's app type, as the contract takes them; `stored` as commonSettingsOf. */
export const settingsOf = (draft: ConnectorDraft, stored?: ConnectorSettings): ConnectorSettings => {
  switch (draft.appType) {
    case 'imap':
      return imapSettingsOf(draft, stored);
    case 'exchange':
      return exchangeSettingsOf(draft, stored);
    case 'gmail':
      return gmailSettingsOf(draft, stored);
  }
};

/**
 * What creating or editing the connector sends: its name, app type and settings, and its secret
 * only when one was typed (an edit leaving it out keeps the stored one); a Gmail connector's client
 * secret only with custom credentials.
 */
export const inputOf = (draft: ConnectorDraft, stored?: ConnectorSettings): ConnectorInput => {
  const name = draft.name.trim();
  switch (draft.appType) {
    case 'imap': {
      const { password } = draft.imap;
      return {
        name,
        appType: 'imap',
        settings: imapSettingsOf(draft, stored),
        ...(password ? { secrets: { password } } : {}),
      };
    }
    case 'exchange': {
      const { clientSecret } = draft.exchange;
      return {
        name,
        appType: 'exchange',
        settings: exchangeSettingsOf(draft, stored),
        ...(clientSecret ? { secrets: { clientSecret } } : {}),
      };
    }
    case 'gmail': {
      const { customCredentials, clientSecret } = draft.gmail;
      return {
        name,
        appType: 'gmail',
        settings: gmailSettingsOf(draft, stored),
        ...(customCredentials && clientSecret ? { secrets: { clientSecret } } : {}),
      };
    }
  }
};

const HOUR_MS = 3_600_000;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** An address a browser can be sent back to: http or https, with a host. */
const isHttpUrl = (text: string): boolean => {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host !== '';
  } catch {
    return false;
  }
};

/**
 * What the contract would refuse, by the server's paths (`settings.host`…), in the user's words:
 * the call is not made while there is any. Only the draft's app type's fields are checked.
 * `secretRequired` on creation (the password, the client secret; Gmail's only with custom
 * credentials, and also on an edit that turns them on); `stored` as settingsOf.
 */
export const draftProblems = (
  translate: TranslateFunction,
  draft: ConnectorDraft,
  { secretRequired, stored }: { secretRequired: boolean; stored?: ConnectorSettings },
): Record<string, string> => {
  const t = (key: string, values?: Record<string, unknown>) =>
    translate(`app.integrations.form.${key}`, values);
  const problems: Record<string, string> = {};
  /** Each path's value, required, at most `max` characters once trimmed. */
  const texts: [path: string, value: string, max: number][] = [['name', draft.name, 200]];
  const { imap, exchange, gmail } = draft;
  /** Fields checked as email addresses once present, by path. */
  const emails: [path: string, value: string][] = [];
  if (draft.appType === 'imap') {
    texts.push(
      ['settings.host', imap.host, 253],
      ['settings.username', imap.username, 320],
      ['settings.folder', imap.folder, 500],
    );
    const port = Number(imap.port);
    if (!/^\d+$/.test(imap.port.trim()) || port < 1 || port > 65_535)
      problems['settings.port'] = t('portInvalid');
    if (imap.draftsFolder.trim().length > 500) problems['settings.draftsFolder'] = t('tooLong', { max: 500 });
    if (secretRequired && !imap.password) problems['secrets.password'] = t('required');
  } else if (draft.appType === 'exchange') {
    texts.push(
      ['settings.clientId', exchange.clientId, 200],
      ['settings.tenantId', exchange.tenantId, 200],
      ['settings.userEmail', exchange.userEmail, 320],
    );
    emails.push(['settings.userEmail', exchange.userEmail]);
    if (secretRequired && !exchange.clientSecret) problems['secrets.clientSecret'] = t('required');
  } else {
    texts.push(['settings.user', gmail.user, 320]);
    emails.push(['settings.user', gmail.user]);
    if (gmail.customCredentials) {
      texts.push(
        ['settings.clientId', gmail.clientId, 300],
        ['settings.redirectUri', gmail.redirectUri, 2048],
      );
      // The stored secret belongs to the connector's own client: none is stored while it had none.
      const hadOwnClient = stored !== undefined && 'customCredentials' in stored && stored.customCredentials;
      if ((secretRequired || (stored !== undefined && !hadOwnClient)) && !gmail.clientSecret)
        problems['secrets.clientSecret'] = t('required');
    }
  }
  for (const [path, value, max] of texts) {
    if (!value.trim()) problems[path] = t('required');
    else if (value.trim().length > max) problems[path] = t('tooLong', { max });
  }
  for (const [path, value] of emails)
    if (!problems[path] && !EMAIL.test(value.trim())) problems[path] = t('userEmailInvalid');
  if (
    draft.appType === 'gmail' &&
    gmail.customCredentials &&
    !problems['settings.redirectUri'] &&
    !isHttpUrl(gmail.redirectUri.trim())
  )
    problems['settings.redirectUri'] = t('redirectUriInvalid');
  const entries = blacklistOf(draft.blacklist);
  const wrong = entries.filter((e) => e.length > 320 || !BLACKLIST_ENTRY.test(e));
  if (wrong.length) problems['settings.blacklist'] = t('blacklistInvalid', { entries: wrong.join(', ') });
  else if (entries.length > BLACKLIST_MAX)
    problems['settings.blacklist'] = t('blacklistTooMany', { max: BLACKLIST_MAX });
  const { startDate } = commonSettingsOf(draft, stored);
  if (
    startDate !== null &&
    startDate !== stored?.startDate &&
    Date.parse(startDate) < Date.now() - START_DATE_MAX_AGE_HOURS * HOUR_MS
  ) {
    problems['settings.startDate'] = detailMessage({
      code: 'startDateTooEarly',
      params: { hours: START_DATE_MAX_AGE_HOURS },
      message: `The start date cannot be more than ${START_DATE_MAX_AGE_HOURS} hours before now`,
    });
  }
  return problems;
};
