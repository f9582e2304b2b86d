import type { ExchangeSettings, GmailSettings, ImapSettings } from '../../../schemas/contracts/connectors';
import type { Db } from '../../kernel/db';
import type { OutboundPolicy } from '../../kernel/outbound';
import type { SecretBox } from '../../kernel/secrets';
import { checkGraph, graphTokenExpiry, openGraphSession, type GraphAccess } from './graph';
import {
  checkGmail,
  gmailTokenExpiry,
  openGmailSession,
  type GmailAccess,
  type GoogleClient,
  type GoogleEndpoints,
} from './gmail';
import { checkImap, failureOf, openImapSession, type ImapAccess } from './imap';
import { resealSecrets, setTokenExpiry, type ConnectorRow } from './repository';
import { ConnectorFailure, type MailboxSession } from './session';

/** What opening a mailbox needs besides the connector: secrets, where it may connect, Microsoft's addresses. */
export interface MailboxServices {
  secrets: SecretBox;
  policy: OutboundPolicy;
  microsoft: { graphBaseUrl: string; loginBaseUrl: string };
  google: GoogleEndpoints & { client: { id: string; secret: string } | undefined };
  /** Where the console is: the platform's OAuth client's redirect URI is its Gmail callback page. */
  publicUrl: string;
  timeoutMs?: number;
}

/** The console page Google sends the user back to (spec: /integrations/gmail/callback). */
export const gmailCallbackUrl = (publicUrl: string) => `${publicUrl}/integrations/gmail/callback`;

/**
 * The OAuth client of a Gmail connector: its own (custom credentials, its secret opened) or the
 * platform's; undefined when neither is there.
 */
export const googleClientOf = (
  services: Pick<MailboxServices, 'google' | 'publicUrl'>,
  settings: GmailSettings,
  secrets: Record<string, string>,
): GoogleClient | undefined => {
  if (settings.customCredentials)
    return settings.clientId && settings.redirectUri && secrets.clientSecret
      ? { id: settings.clientId, secret: secrets.clientSecret, redirectUri: settings.redirectUri }
      : undefined;
  const own = services.google.client;
  return own ? { ...own, redirectUri: gmailCallbackUrl(services.publicUrl) } : undefined;
};

/** The secrets of a connector, opened (and sealed again under the current key after a rotation). */
export const secretsOf = async (
  db: Db,
  box: SecretBox,
  row: ConnectorRow,
): Promise<Record<string, string>> => {
  if (!row.secrets) return {};
  let opened: Record<string, string>;
  try {
    opened = JSON.parse(box.open(row.secrets)) as Record<string, string>;
  } catch (err) {
    throw new ConnectorFailure('SECRETS_UNREADABLE', (err as Error).message);
  }
  if (box.sealing && box.isStale(row.secrets))
    await resealSecrets(db, row.id, box.seal(JSON.stringify(opened)));
  return opened;
};

type Access =
  | { kind: 'imap'; access: ImapAccess }
  | { kind: 'exchange'; access: GraphAccess }
  | { kind: 'gmail'; access: GmailAccess };

const accessOf = async (db: Db, services: MailboxServices, row: ConnectorRow): Promise<Access> => {
  const secrets = await secretsOf(db, services.secrets, row);
  const timeoutMs = services.timeoutMs ?? 15_000;
  if (row.app_type === 'gmail') {
    const settings = row.settings as GmailSettings;
    const client = googleClientOf(services, settings, secrets);
    if (!client)
      throw new ConnectorFailure(
        'GMAIL_AUTH_FAILED',
        'No Google OAuth client: give the connector its own, or set GOOGLE_CLIENT_ID',
        {
          user: settings.user,
        },
      );
    if (!secrets.refreshToken)
      throw new ConnectorFailure(
        'GMAIL_REAUTHORIZE',
        'The mailbox has not been authorized yet: authorize the connector',
        {
          user: settings.user,
        },
      );
    const { client: _platformClient, ...endpoints } = services.google;
    return {
      kind: 'gmail',
      access: { settings, client, refreshToken: secrets.refreshToken, endpoints, timeoutMs },
    };
  }
  if (row.app_type === 'exchange') {
    if (!secrets.clientSecret)
      throw new ConnectorFailure(
        'SECRET_MISSING',
        'The client secret is not set: edit the connector to give it',
      );
    return {
      kind: 'exchange',
      access: {
        settings: row.settings as ExchangeSettings,
        clientSecret: secrets.clientSecret,
        ...services.microsoft,
        timeoutMs,
      },
    };
  }
  if (!secrets.password)
    throw new ConnectorFailure('SECRET_MISSING', 'The password is not set: edit the connector to give it');
  return {
    kind: 'imap',
    access: {
      settings: row.settings as ImapSettings,
      password: secrets.password,
      policy: services.policy,
      timeoutMs,
    },
  };
};

/** The connector's mailbox, signed in for one run; an OAuth connector's token expiry is recorded. */
export const openMailbox = async (
  db: Db,
  services: MailboxServices,
  row: ConnectorRow,
): Promise<MailboxSession> => {
  const opened = await accessOf(db, services, row);
  if (opened.kind === 'imap') return openImapSession(opened.access);
  if (opened.kind === 'gmail') {
    const gmail = await openGmailSession(opened.access);
    await setTokenExpiry(db, row.id, await gmailTokenExpiry(opened.access));
    return gmail;
  }
  const session = await openGraphSession(opened.access);
  await setTokenExpiry(db, row.id, await graphTokenExpiry(opened.access));
  return session;
};

/** The healthcheck of any app type: signs in, opens the folder, counts its messages. */
export const checkMailbox = async (db: Db, services: MailboxServices, row: ConnectorRow) => {
  const opened = await accessOf(db, services, row);
  if (opened.kind === 'imap') return checkImap(opened.access);
  if (opened.kind === 'gmail') {
    const inbox = await checkGmail(opened.access);
    await setTokenExpiry(db, row.id, await gmailTokenExpiry(opened.access));
    return inbox;
  }
  const folder = await checkGraph(opened.access);
  await setTokenExpiry(db, row.id, await graphTokenExpiry(opened.access));
  return folder;
};

/** Any error of a run or a check, said as the connector's problem. */
export const problemOf = (err: unknown, row: ConnectorRow): ConnectorFailure => {
  if (err instanceof ConnectorFailure) return err;
  if (row.app_type === 'imap') return failureOf(err, row.settings as ImapSettings);
  if (row.app_type === 'gmail')
    return new ConnectorFailure(
      'GMAIL_REQUEST_FAILED',
      `The Gmail API failed: ${(err as Error).message ?? String(err)}`,
      {
        status: 0,
        code: '',
      },
    );
  return new ConnectorFailure(
    'GRAPH_REQUEST_FAILED',
    `Microsoft Graph failed: ${(err as Error).message ?? String(err)}`,
    {
      status: 0,
      code: '',
    },
  );
};
