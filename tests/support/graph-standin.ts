import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Microsoft's identity platform token endpoint (client-credentials flow) and
 * for the Microsoft Graph v1.0 mail endpoints an Exchange connector uses, over plain HTTP on a free
 * port of 127.0.0.1. It follows the documented protocols (status codes, error bodies, OData paging,
 * stateful delta tokens) closely enough that a real Graph client's requests can be checked against
 * them; every request is logged for a test to assert on its shape.
 *
 * Behaviour worth knowing, as Microsoft's:
 * - a token keeps working after `revokeApp` until it expires (call `expireTokens` too);
 * - a mailbox outside the token's tenant is an unknown user there (404 `ErrorInvalidUser`);
 * - an app without `Mail.Read`/`Mail.ReadWrite` (reads) or `Mail.ReadWrite` (writes) is denied (403);
 * - `$filter` applies to the initial delta request only; the later rounds report every change;
 * - the body is served as HTML unless `Prefer: outlook.body-content-type="text"`.
 */

export interface GraphStandinOptions {
  /** Delta page size when a request states none (Graph's default for messages: 10). */
  defaultPageSize?: number;
  /** Lifetime of an access token, said in `expires_in` (3599, as Entra ID). */
  tokenLifetimeSeconds?: number;
}

export interface StandinApp {
  /** The directory (tenant) id or domain the connector puts in the token URL (compared case-insensitively). */
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Application permissions granted with admin consent: `['Mail.ReadWrite']` unless said. */
  roles?: string[];
}

export interface EmailAddress {
  name: string;
  address: string;
}

export interface Recipient {
  emailAddress: EmailAddress;
}

export interface DeliveredAttachment {
  filename: string;
  contentType?: string;
  content: string | Buffer;
}

export interface Delivery {
  subject: string;
  /** `'Name <address>'`, a bare address, or its parts. */
  from: string | EmailAddress;
  text: string;
  /** With or without its angle brackets; made up when left out. */
  internetMessageId?: string;
  /** Defaults to now. */
  receivedDateTime?: string | Date;
  attachments?: DeliveredAttachment[];
  /** A Reply-To address: createReply then answers it rather than the sender. */
  replyTo?: string | EmailAddress;
}

/** A message of the inbox as the stand-in stores it. */
export interface StandinMessage {
  id: string;
  subject: string;
  from: Recipient;
  receivedDateTime: string;
  internetMessageId: string;
  categories: string[];
  isRead: boolean;
  hasAttachments: boolean;
  conversationId: string;
  text: string;
  /** The RFC 5322 message (CRLF) that `$value` serves. */
  mime: string;
}

/** A draft made by createReply. */
export interface StandinDraft {
  id: string;
  /** The id of the message replied to. */
  replyTo: string;
  /** The comment createReply was given ('' when none). */
  comment: string;
  subject: string;
  toRecipients: Recipient[];
  body: { contentType: 'html' | 'text'; content: string };
  categories: string[];
  conversationId: string;
  createdDateTime: string;
}

export interface LoggedRequest {
  method: string;
  /** The path, percent-decoded (`/graph/v1.0/users/ana@contoso.com/…`). */
  path: string;
  /** The query, decoded (`$select`, `$filter`, `$skiptoken`…). */
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The raw body ('' when none). */
  body: string;
  /** The status answered. */
  status?: number;
}

export interface GraphFault {
  status?: 429 | 503;
  /** Said in `Retry-After` (1 unless given). */
  retryAfterSeconds?: number;
}

export interface GraphStandin {
  /**
   * Runs `then` once, right after answering the first request whose (decoded) path matches: e.g. a
   * message removed between the delta page that lists it and the reading of its MIME.
   */
  afterNext(pattern: RegExp, then: () => void): void;
  /** `http://127.0.0.1:PORT/login`: the token URL is `${loginBaseUrl}/{tenant}/oauth2/v2.0/token`. */
  loginBaseUrl: string;
  /** `http://127.0.0.1:PORT/graph/v1.0`. */
  graphBaseUrl: string;
  /** Every request received, in order (empty it with `requests.length = 0`). */
  requests: LoggedRequest[];
  /** Registers an app (its tenant with it); an app of the same client id is replaced, and no longer revoked. */
  addApp(app: StandinApp): void;
  /** Adds a mailbox; with a tenant, only that tenant's apps reach it, without, every tenant's. */
  addMailbox(userEmail: string, options?: { tenantId?: string }): void;
  /** Deletes the app: later token requests fail with AADSTS700016 (tokens issued keep working until they expire). */
  revokeApp(clientId: string): void;
  /** Changes the app's secret: the old one then fails with AADSTS7000215. */
  setSecret(clientId: string, secret: string): void;
  /** Delivers a message to the mailbox's inbox. */
  deliver(userEmail: string, message: Delivery): StandinMessage;
  /** Deletes a message (or draft): the next delta round reports it `@removed`. */
  remove(userEmail: string, id: string): void;
  messages(userEmail: string): StandinMessage[];
  drafts(userEmail: string): StandinDraft[];
  /** The next `count` Graph requests (not token requests) answer 429 or 503 with `Retry-After`. */
  failNext(count: number, fault?: GraphFault): void;
  /** Every token issued so far answers 401 `InvalidAuthenticationToken` from now on. */
  expireTokens(): void;
  /** Forgets every skip and delta token, as when Graph's sync state expires: they answer 410 `SyncStateNotFound`. */
  expireSyncState(): void;
  close(): Promise<void>;
}

const GRAPH_JSON =
  'application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8';
const GRAPH_RESOURCES = new Set([
  'https://graph.microsoft.com',
  'https://graph.microsoft.com/',
  '00000003-0000-0000-c000-000000000000',
]);
const READ_ROLES = ['Mail.Read', 'Mail.ReadWrite'];
const WRITE_ROLES = ['Mail.ReadWrite'];
const NOT_FOUND = 'The specified object was not found in the store.';
const BAD_JSON =
  'Unable to read JSON request payload. Please ensure Content-Type header is set and payload is of valid JSON format.';

/** The documented properties of microsoft.graph.message a `$select` may name. */
const MESSAGE_PROPERTIES = [
  'id',
  'createdDateTime',
  'lastModifiedDateTime',
  'changeKey',
  'categories',
  'receivedDateTime',
  'sentDateTime',
  'hasAttachments',
  'internetMessageId',
  'subject',
  'bodyPreview',
  'importance',
  'parentFolderId',
  'conversationId',
  'conversationIndex',
  'isDeliveryReceiptRequested',
  'isReadReceiptRequested',
  'isRead',
  'isDraft',
  'webLink',
  'inferenceClassification',
  'body',
  'uniqueBody',
  'sender',
  'from',
  'toRecipients',
  'ccRecipients',
  'bccRecipients',
  'replyTo',
  'flag',
  'internetMessageHeaders',
  'attachments',
  'extensions',
  'singleValueExtendedProperties',
  'multiValueExtendedProperties',
];
const PROPERTY_BY_LOWER = new Map(MESSAGE_PROPERTIES.map((p) => [p.toLowerCase(), p]));

interface App extends Required<StandinApp> {
  revoked: boolean;
}

interface Token {
  clientId: string;
  tenant: string;
  roles: string[];
  expiresAt: number;
  expired: boolean;
}

interface Item {
  id: string;
  isDraft: boolean;
  createdSeq: number;
  changeSeq: number;
  createdDateTime: string;
  lastModifiedDateTime: string;
  changeKey: string;
  receivedDateTime: string;
  sentDateTime: string;
  subject: string;
  from?: EmailAddress;
  toRecipients: EmailAddress[];
  ccRecipients: EmailAddress[];
  bccRecipients: EmailAddress[];
  replyTo: EmailAddress[];
  internetMessageId: string;
  categories: string[];
  isRead: boolean;
  hasAttachments: boolean;
  conversationId: string;
  body: { contentType: 'html' | 'text'; content: string };
  /** Inbox messages: the text delivered and the MIME served. */
  text: string;
  mime: string;
  headers: { name: string; value: string }[];
  /** Drafts: the message replied to and the comment given. */
  replyToId?: string;
  comment?: string;
}

interface Mailbox {
  email: string;
  id: string;
  tenant?: string;
  inboxId: string;
  draftsId: string;
  inbox: Map<string, Item>;
  drafts: Map<string, Item>;
  /** Removed inbox messages: when they were removed, and when made. */
  removed: Map<string, { seq: number; createdSeq: number }>;
}

interface SyncRequest {
  mailbox: Mailbox;
  select: string[] | null;
  pageSize: number | null;
  changeType: 'created' | 'updated' | 'deleted' | null;
}

/** One round of delta pages: the ids it reports, frozen when it started, so a page asked twice is the same. */
interface Round extends SyncRequest {
  id: string;
  ids: string[];
  /** The change sequence when the round started: the next round reports what came after. */
  anchor: number;
  deltaToken?: string;
}

interface DeltaState extends SyncRequest {
  anchor: number;
}

interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  entry: LoggedRequest;
  url: URL;
}

/** Exchange-style ids: base64 with `-` and `_`, one `=` of padding. */
const exchangeId = (prefix: string, bytes: number) =>
  (prefix + randomBytes(bytes).toString('base64')).replace(/\+/g, '-').replace(/\//g, '_');
const isoSeconds = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const rfc5322Date = (d: Date) => d.toUTCString().replace(/GMT$/, '+0000');
const isAscii = (s: string) => /^[\x20-\x7e]*$/.test(s);
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const wrap76 = (s: string) => s.match(/.{1,76}/g)?.join('\r\n') ?? '';
const recipients = (list: EmailAddress[]): Recipient[] => list.map((a) => ({ emailAddress: { ...a } }));

const parseAddress = (value: string | EmailAddress): EmailAddress => {
  if (typeof value !== 'string') return { name: value.name || value.address, address: value.address };
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  if (m) return { name: m[1].trim() || m[2].trim(), address: m[2].trim() };
  return { name: value.trim(), address: value.trim() };
};

const encodeWord = (s: string) => (isAscii(s) ? s : `=?UTF-8?B?${Buffer.from(s).toString('base64')}?=`);
const mimeAddress = ({ name, address }: EmailAddress) => {
  if (!name || name === address) return address;
  return `${isAscii(name) ? `"${name.replace(/(["\\])/g, '\\$1')}"` : encodeWord(name)} <${address}>`;
};

/** A text part: 7bit when it can be, else base64. */
const textPart = (text: string) => {
  const crlf = text.replace(/\r?\n/g, '\r\n');
  const plain = crlf.split('\r\n').every((l) => isAscii(l) && l.length <= 998);
  return {
    headers: [
      'Content-Type: text/plain; charset="utf-8"',
      `Content-Transfer-Encoding: ${plain ? '7bit' : 'base64'}`,
    ],
    body: plain ? crlf : wrap76(Buffer.from(crlf).toString('base64')),
  };
};

const attachmentPart = (a: DeliveredAttachment) => {
  const type = a.contentType ?? 'application/octet-stream';
  const name = isAscii(a.filename)
    ? `filename="${a.filename.replace(/"/g, '')}"`
    : `filename*=UTF-8''${encodeURIComponent(a.filename)}`;
  return [
    `Content-Type: ${type}; name="${encodeWord(a.filename)}"`,
    `Content-Disposition: attachment; ${name}`,
    'Content-Transfer-Encoding: base64',
    '',
    wrap76(Buffer.from(a.content).toString('base64')),
  ].join('\r\n');
};

/** An RFC 5322 message with CRLF line ends: a text body, and a multipart/mixed around it with attachments. */
const composeMime = (m: {
  from: EmailAddress;
  to: EmailAddress[];
  replyTo: EmailAddress[];
  subject: string;
  date: Date;
  messageId: string;
  text: string;
  attachments: DeliveredAttachment[];
}) => {
  const headers = [
    `From: ${mimeAddress(m.from)}`,
    `To: ${m.to.map(mimeAddress).join(', ')}`,
    ...(m.replyTo.length ? [`Reply-To: ${m.replyTo.map(mimeAddress).join(', ')}`] : []),
    `Subject: ${encodeWord(m.subject)}`,
    `Date: ${rfc5322Date(m.date)}`,
    `Message-ID: ${m.messageId}`,
    'MIME-Version: 1.0',
  ];
  const text = textPart(m.text);
  if (!m.attachments.length) return `${[...headers, ...text.headers].join('\r\n')}\r\n\r\n${text.body}\r\n`;
  const boundary = `----=_Part_${randomBytes(12).toString('hex')}`;
  const parts = [`${text.headers.join('\r\n')}\r\n\r\n${text.body}`, ...m.attachments.map(attachmentPart)];
  return (
    `${[...headers, `Content-Type: multipart/mixed; boundary="${boundary}"`].join('\r\n')}\r\n\r\n` +
    `This is a multi-part message in MIME format.\r\n\r\n` +
    parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') +
    `--${boundary}--\r\n`
  );
};

const mimeHeaders = (mime: string) =>
  mime
    .slice(0, mime.indexOf('\r\n\r\n'))
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')
    .map((line) => ({
      name: line.slice(0, line.indexOf(':')),
      value: line.slice(line.indexOf(':') + 1).trim(),
    }));

const textToHtml = (text: string) =>
  '<html><head>\r\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\r\n</head>\r\n<body>\r\n' +
  `<div>${escapeHtml(text).replace(/\r?\n/g, '<br>\r\n')}</div>\r\n</body>\r\n</html>\r\n`;
const htmlToText = (html: string) =>
  html
    .replace(/<head>[\s\S]*?<\/head>/i, '')
    .replace(/<hr[^>]*>/gi, '\r\n________________________________\r\n')
    .replace(/<br\s*\/?>(\r\n)?/gi, '\r\n')
    .replace(/<\/div>(\r\n)?/gi, '\r\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();

const parsePrefer = (header: string | string[] | undefined) => {
  const prefs = new Map<string, string>();
  for (const part of [header ?? []].flat().join(',').split(',')) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase();
    if (key)
      prefs.set(
        key,
        eq < 0
          ? ''
          : part
              .slice(eq + 1)
              .trim()
              .replace(/^"(.*)"$/, '$1'),
      );
  }
  return prefs;
};

const decodeSegment = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/**
 * Starts the stand-in on a free port of 127.0.0.1.
 *
 * @example
 * const graph = await startGraphStandin();
 * graph.addApp({ tenantId: 'contoso.onmicrosoft.com', clientId: 'app-1', clientSecret: 's3cret' });
 * graph.addMailbox('ana@contoso.com');
 * const { id } = graph.deliver('ana@contoso.com', { subject: 'Invoice', from: 'Bob <bob@example.org>', text: 'Hi' });
 */
export const startGraphStandin = async (options: GraphStandinOptions = {}): Promise<GraphStandin> => {
  const defaultPageSize = options.defaultPageSize ?? 10;
  const tokenLifetime = options.tokenLifetimeSeconds ?? 3599;
  const apps = new Map<string, App>();
  const tenants = new Set<string>();
  const tokens = new Map<string, Token>();
  const mailboxes = new Map<string, Mailbox>();
  const rounds = new Map<string, Round>();
  const deltaStates = new Map<string, DeltaState>();
  const faults: Required<GraphFault>[] = [];
  const requests: LoggedRequest[] = [];
  let seq = 0;
  let origin = '';
  let graphBaseUrl = '';

  const mailboxOf = (userEmail: string) => {
    const mailbox = mailboxes.get(userEmail.toLowerCase());
    if (!mailbox) throw new Error(`graph stand-in: no mailbox ${userEmail} (addMailbox first)`);
    return mailbox;
  };
  const appOf = (clientId: string) => {
    const app = apps.get(clientId);
    if (!app) throw new Error(`graph stand-in: no app ${clientId} (addApp first)`);
    return app;
  };
  const touch = (item: Item) => {
    item.changeSeq = ++seq;
    item.lastModifiedDateTime = isoSeconds(new Date());
    item.changeKey = exchangeId('CQAAABYAAA', 11);
  };

  // ---- Responses ----

  /** Run once after the answer to the first request whose path matches: a change between two requests. */
  const afterNext: { pattern: RegExp; then: () => void }[] = [];
  const send = (ctx: Ctx, status: number, headers: Record<string, string>, body: string) => {
    ctx.entry.status = status;
    ctx.res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
    ctx.res.end(body);
    const hook = afterNext.findIndex((h) => h.pattern.test(ctx.entry.path));
    if (hook >= 0) afterNext.splice(hook, 1)[0].then();
  };
  const graphHeaders = (ctx: Ctx) => {
    const requestId = randomUUID();
    const clientRequestId = ctx.req.headers['client-request-id'];
    return {
      'request-id': requestId,
      'client-request-id': typeof clientRequestId === 'string' ? clientRequestId : requestId,
    };
  };
  const graphJson = (ctx: Ctx, status: number, body: unknown, extra: Record<string, string> = {}) =>
    send(ctx, status, { ...graphHeaders(ctx), 'Content-Type': GRAPH_JSON, ...extra }, JSON.stringify(body));
  const graphError = (
    ctx: Ctx,
    status: number,
    code: string,
    message: string,
    extra: Record<string, string> = {},
  ) => {
    const headers = graphHeaders(ctx);
    const innerError = {
      date: isoSeconds(new Date()),
      'request-id': headers['request-id'],
      'client-request-id': headers['client-request-id'],
    };
    send(
      ctx,
      status,
      { ...headers, 'Content-Type': 'application/json', ...extra },
      JSON.stringify({ error: { code, message, innerError } }),
    );
  };
  const tokenError = (ctx: Ctx, status: number, error: string, code: number, description: string) => {
    const now = new Date();
    const traceId = randomUUID();
    const correlationId = randomUUID();
    const timestamp = now
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d{3}Z$/, 'Z');
    send(
      ctx,
      status,
      { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store, no-cache' },
      JSON.stringify({
        error,
        error_description: `AADSTS${code}: ${description} Trace ID: ${traceId} Correlation ID: ${correlationId} Timestamp: ${timestamp}`,
        error_codes: [code],
        timestamp,
        trace_id: traceId,
        correlation_id: correlationId,
        error_uri: `https://login.microsoftonline.com/error?code=${code}`,
      }),
    );
  };

  // ---- Token endpoint: POST /login/{tenant}/oauth2/v2.0/token ----

  const handleToken = (ctx: Ctx, tenantSegment: string) => {
    const tenant = tenantSegment.toLowerCase();
    if (ctx.req.method !== 'POST')
      return tokenError(
        ctx,
        400,
        'invalid_request',
        900561,
        `The endpoint only accepts POST, OPTIONS requests. Received a ${ctx.req.method} request.`,
      );
    if (!tenants.has(tenant))
      return tokenError(
        ctx,
        400,
        'invalid_request',
        90002,
        `Tenant '${tenantSegment}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud. Check with your subscription administrator, this may happen if there are no active subscriptions for the tenant.`,
      );
    const form = (ctx.req.headers['content-type'] ?? '')
      .toLowerCase()
      .startsWith('application/x-www-form-urlencoded')
      ? new URLSearchParams(ctx.entry.body)
      : new URLSearchParams();
    let clientId = form.get('client_id');
    let clientSecret = form.get('client_secret');
    const basic = /^Basic\s+(.+)$/i.exec(ctx.req.headers.authorization ?? '');
    if (basic) {
      const [id, secret = ''] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      clientId ??= decodeURIComponent(id.replace(/\+/g, ' '));
      clientSecret ??= decodeURIComponent(secret.replace(/\+/g, ' '));
    }
    const missing = (name: string) =>
      tokenError(
        ctx,
        400,
        'invalid_request',
        900144,
        `The request body must contain the following parameter: '${name}'.`,
      );
    const grantType = form.get('grant_type');
    if (!grantType) return missing('grant_type');
    if (grantType !== 'client_credentials')
      return tokenError(
        ctx,
        400,
        'unsupported_grant_type',
        70003,
        'The app requested an unsupported grant type. This client only requests the client_credentials grant here.',
      );
    if (!clientId) return missing('client_id');
    const scope = form.get('scope');
    if (!scope) return missing('scope');
    const app = apps.get(clientId);
    if (!app || app.revoked || app.tenantId.toLowerCase() !== tenant)
      return tokenError(
        ctx,
        400,
        'unauthorized_client',
        700016,
        `Application with identifier '${clientId}' was not found in the directory '${tenantSegment}'. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant. You may have sent your authentication request to the wrong tenant.`,
      );
    if (!clientSecret)
      return tokenError(
        ctx,
        401,
        'invalid_client',
        7000218,
        "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.",
      );
    if (clientSecret !== app.clientSecret)
      return tokenError(
        ctx,
        401,
        'invalid_client',
        7000215,
        `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${clientId}'.`,
      );
    const scopes = scope.trim().split(/\s+/);
    if (scopes.length !== 1 || !scopes[0].endsWith('/.default'))
      return tokenError(
        ctx,
        400,
        'invalid_scope',
        1002012,
        `The provided value for scope ${scope} is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier (application ID URI).`,
      );
    const resource = scopes[0].slice(0, -'/.default'.length);
    if (!GRAPH_RESOURCES.has(resource.toLowerCase()))
      return tokenError(
        ctx,
        400,
        'invalid_resource',
        500011,
        `The resource principal named ${resource} was not found in the tenant named ${tenantSegment}. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant. You might have sent your authentication request to the wrong tenant.`,
      );
    const accessToken = randomBytes(48).toString('base64url');
    tokens.set(accessToken, {
      clientId,
      tenant,
      roles: [...app.roles],
      expiresAt: Date.now() + tokenLifetime * 1000,
      expired: false,
    });
    send(
      ctx,
      200,
      {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store, no-cache',
        Pragma: 'no-cache',
      },
      JSON.stringify({
        token_type: 'Bearer',
        expires_in: tokenLifetime,
        ext_expires_in: tokenLifetime,
        access_token: accessToken,
      }),
    );
  };

  // ---- Graph: rendering ----

  const bodyAs = (item: Item, contentType: 'html' | 'text') => {
    if (item.body.contentType === contentType) return { ...item.body };
    const content = contentType === 'html' ? textToHtml(item.body.content) : htmlToText(item.body.content);
    return { contentType, content };
  };

  const render = (mailbox: Mailbox, item: Item, select: string[] | null, contentType: 'html' | 'text') => {
    const text = item.isDraft ? htmlToText(item.body.content) : item.text;
    const full: Record<string, unknown> = {
      id: item.id,
      createdDateTime: item.createdDateTime,
      lastModifiedDateTime: item.lastModifiedDateTime,
      changeKey: item.changeKey,
      categories: [...item.categories],
      receivedDateTime: item.receivedDateTime,
      sentDateTime: item.sentDateTime,
      hasAttachments: item.hasAttachments,
      internetMessageId: item.internetMessageId,
      subject: item.subject,
      bodyPreview: text.replace(/\s+/g, ' ').trim().slice(0, 255),
      importance: 'normal',
      parentFolderId: item.isDraft ? mailbox.draftsId : mailbox.inboxId,
      conversationId: item.conversationId,
      isDeliveryReceiptRequested: false,
      isReadReceiptRequested: false,
      isRead: item.isRead,
      isDraft: item.isDraft,
      webLink: `https://outlook.office365.com/owa/?ItemID=${encodeURIComponent(item.id)}&exvsurl=1&viewmodel=ReadMessageItem`,
      inferenceClassification: 'focused',
      body: bodyAs(item, contentType),
      ...(item.from
        ? { sender: { emailAddress: { ...item.from } }, from: { emailAddress: { ...item.from } } }
        : {}),
      toRecipients: recipients(item.toRecipients),
      ccRecipients: recipients(item.ccRecipients),
      bccRecipients: recipients(item.bccRecipients),
      replyTo: recipients(item.replyTo),
      flag: { flagStatus: 'notFlagged' },
    };
    if (!select) return full;
    const out: Record<string, unknown> = { id: item.id };
    for (const p of select) {
      if (p === 'internetMessageHeaders') out[p] = item.headers.map((h) => ({ ...h }));
      else if (p === 'uniqueBody') out[p] = bodyAs(item, contentType);
      else if (p in full) out[p] = full[p];
    }
    return out;
  };

  /** `$select`'s properties in their documented spelling, or the one unknown. */
  const parseSelect = (value: string | null): { select: string[] | null } | { unknown: string } => {
    if (value === null || !value.trim()) return { select: null };
    const select: string[] = [];
    for (const raw of value.split(',')) {
      const name = PROPERTY_BY_LOWER.get(raw.trim().toLowerCase());
      if (!name) return { unknown: raw.trim() };
      if (!select.includes(name)) select.push(name);
    }
    return { select };
  };
  const unknownProperty = (ctx: Ctx, name: string) =>
    graphError(
      ctx,
      400,
      'RequestBroker--ParseUri',
      `Could not find a property named '${name}' on type 'microsoft.graph.message'.`,
    );

  const contentTypeOf = (prefs: Map<string, string>) =>
    prefs.get('outlook.body-content-type')?.toLowerCase() === 'text' ? 'text' : 'html';
  const appliedHeader = (applied: string[]): Record<string, string> =>
    applied.length ? { 'Preference-Applied': applied.join(', ') } : {};

  // ---- Graph: delta ----

  const newRound = (request: SyncRequest, ids: string[]) => {
    const round: Round = { ...request, id: randomBytes(18).toString('base64url'), ids, anchor: seq };
    rounds.set(round.id, round);
    return round;
  };

  /** The first round of a sync, or undefined when the request was refused (answered already). */
  const initialRound = (ctx: Ctx, mailbox: Mailbox): Round | undefined => {
    const q = ctx.url.searchParams;
    const selected = parseSelect(q.get('$select'));
    if ('unknown' in selected) return void unknownProperty(ctx, selected.unknown);
    let after: { op: 'ge' | 'gt'; time: number } | null = null;
    const filter = q.get('$filter');
    if (filter !== null) {
      const m = /^\s*receivedDateTime\s+(ge|gt)\s+(\d{4}-\d\d-\d\dT[0-9:.]+(?:Z|[+-]\d\d:\d\d))\s*$/i.exec(
        filter,
      );
      if (!m || Number.isNaN(Date.parse(m[2])))
        return void graphError(
          ctx,
          400,
          'ErrorInvalidUrlQueryFilter',
          'The query filter contains one or more invalid nodes.',
        );
      after = { op: m[1].toLowerCase() as 'ge' | 'gt', time: Date.parse(m[2]) };
    }
    const orderby = q.get('$orderby');
    if (orderby !== null && !/^\s*receivedDateTime\s+desc\s*$/i.test(orderby))
      return void graphError(ctx, 400, 'ErrorInvalidUrlQuery', "The query parameter '$orderby' is invalid.");
    const changeType = q.get('changeType');
    if (changeType !== null && !['created', 'updated', 'deleted'].includes(changeType))
      return void graphError(
        ctx,
        400,
        'ErrorInvalidUrlQuery',
        "The query parameter 'changeType' is invalid.",
      );
    const top = q.get('$top');
    if (top !== null && !/^[1-9]\d*$/.test(top))
      return void graphError(ctx, 400, 'ErrorInvalidUrlQuery', "The query parameter '$top' is invalid.");
    const items = [...mailbox.inbox.values()]
      .filter((item) => {
        if (!after) return true;
        const t = Date.parse(item.receivedDateTime);
        return after.op === 'ge' ? t >= after.time : t > after.time;
      })
      .sort((a, b) => a.receivedDateTime.localeCompare(b.receivedDateTime) || a.createdSeq - b.createdSeq);
    if (orderby !== null) items.reverse();
    return newRound(
      {
        mailbox,
        select: selected.select,
        pageSize: top === null ? null : Number(top),
        changeType: changeType as SyncRequest['changeType'],
      },
      items.map((item) => item.id),
    );
  };

  const incrementalRound = (state: DeltaState) => {
    const changes: { seq: number; id: string }[] = [];
    if (state.changeType !== 'deleted')
      for (const item of state.mailbox.inbox.values()) {
        if (item.changeSeq <= state.anchor) continue;
        const created = item.createdSeq > state.anchor;
        if (state.changeType === 'created' && !created) continue;
        if (state.changeType === 'updated' && created) continue;
        changes.push({ seq: item.changeSeq, id: item.id });
      }
    if (state.changeType === null || state.changeType === 'deleted')
      for (const [id, r] of state.mailbox.removed)
        if (r.seq > state.anchor && r.createdSeq <= state.anchor) changes.push({ seq: r.seq, id });
    const { anchor: _anchor, ...request } = state;
    return newRound(
      request,
      changes.sort((a, b) => a.seq - b.seq).map((c) => c.id),
    );
  };

  const syncStateNotFound = (ctx: Ctx) =>
    graphError(
      ctx,
      410,
      'SyncStateNotFound',
      'The sync state generation is not found. Restart the synchronization with no token.',
    );

  const handleDelta = (ctx: Ctx, mailbox: Mailbox, rawPath: string) => {
    const q = ctx.url.searchParams;
    const skipToken = q.get('$skiptoken');
    const deltaToken = q.get('$deltatoken');
    let round: Round | undefined;
    let offset = 0;
    if (skipToken !== null) {
      const dot = skipToken.lastIndexOf('.');
      round = rounds.get(skipToken.slice(0, dot));
      offset = Number(skipToken.slice(dot + 1));
      if (dot < 0 || !round || round.mailbox !== mailbox || !Number.isInteger(offset) || offset <= 0)
        return syncStateNotFound(ctx);
      if (offset >= round.ids.length) return syncStateNotFound(ctx);
    } else if (deltaToken !== null) {
      const state = deltaStates.get(deltaToken);
      if (!state || state.mailbox !== mailbox) return syncStateNotFound(ctx);
      round = incrementalRound(state);
    } else {
      round = initialRound(ctx, mailbox);
      if (!round) return;
    }
    const prefs = parsePrefer(ctx.req.headers.prefer);
    const preferred = Number(prefs.get('odata.maxpagesize'));
    const applied: string[] = [];
    let pageSize = round.pageSize ?? defaultPageSize;
    if (Number.isInteger(preferred) && preferred > 0) {
      pageSize = preferred;
      applied.push(`odata.maxpagesize=${preferred}`);
    }
    const contentType = contentTypeOf(prefs);
    if (prefs.has('outlook.body-content-type')) applied.push(`outlook.body-content-type="${contentType}"`);
    const page = round.ids.slice(offset, offset + pageSize).map((id) => {
      const item = mailbox.inbox.get(id);
      return item
        ? render(mailbox, item, round.select, contentType)
        : { id, '@removed': { reason: 'deleted' } };
    });
    const link = `${origin}${rawPath}`;
    const body: Record<string, unknown> = {
      '@odata.context': `${graphBaseUrl}/$metadata#Collection(message)`,
    };
    if (offset + pageSize < round.ids.length) {
      body['@odata.nextLink'] = `${link}?$skiptoken=${round.id}.${offset + pageSize}`;
    } else {
      if (!round.deltaToken) {
        round.deltaToken = randomBytes(24).toString('base64url');
        const { id: _id, ids: _ids, deltaToken: _token, ...state } = round;
        deltaStates.set(round.deltaToken, state);
      }
      body['@odata.deltaLink'] = `${link}?$deltatoken=${round.deltaToken}`;
    }
    body.value = page;
    graphJson(ctx, 200, body, appliedHeader(applied));
  };

  // ---- Graph: message list and item ----

  const handleList = (
    ctx: Ctx,
    mailbox: Mailbox,
    folder: 'inbox' | 'drafts' | null,
    rawPath: string,
    user: string,
  ) => {
    const q = ctx.url.searchParams;
    const selected = parseSelect(q.get('$select'));
    if ('unknown' in selected) return unknownProperty(ctx, selected.unknown);
    const top = Number(q.get('$top') ?? 10);
    const skip = Number(q.get('$skip') ?? 0);
    if (!Number.isInteger(top) || top < 1 || top > 1000 || !Number.isInteger(skip) || skip < 0)
      return graphError(ctx, 400, 'ErrorInvalidUrlQuery', 'The query parameter $top or $skip is invalid.');
    const items = [
      ...(folder !== 'drafts' ? mailbox.inbox.values() : []),
      ...(folder !== 'inbox' ? mailbox.drafts.values() : []),
    ].sort((a, b) => b.receivedDateTime.localeCompare(a.receivedDateTime) || b.createdSeq - a.createdSeq);
    const prefs = parsePrefer(ctx.req.headers.prefer);
    const contentType = contentTypeOf(prefs);
    const body: Record<string, unknown> = {
      '@odata.context': `${graphBaseUrl}/$metadata#users('${user}')/messages`,
      value: items.slice(skip, skip + top).map((item) => render(mailbox, item, selected.select, contentType)),
    };
    if (skip + top < items.length) {
      const next = new URLSearchParams(q);
      next.set('$skip', String(skip + top));
      body['@odata.nextLink'] = `${origin}${rawPath}?${next.toString().replace(/%24/g, '$')}`;
    }
    graphJson(ctx, 200, body);
  };

  const readJson = (ctx: Ctx, allowEmpty: boolean): Record<string, unknown> | undefined => {
    const text = ctx.entry.body;
    if (!text.trim() && allowEmpty) return {};
    const json = (ctx.req.headers['content-type'] ?? '').toLowerCase().includes('application/json');
    try {
      const value: unknown = json ? JSON.parse(text) : undefined;
      if (value && typeof value === 'object' && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // answered below
    }
    graphError(ctx, 400, 'BadRequest', BAD_JSON);
    return undefined;
  };

  const isStringArray = (v: unknown): v is string[] =>
    Array.isArray(v) && v.every((s) => typeof s === 'string');
  const isRecipients = (v: unknown): v is Recipient[] =>
    Array.isArray(v) &&
    v.every(
      (r) =>
        r &&
        typeof r === 'object' &&
        typeof (r as Recipient).emailAddress === 'object' &&
        typeof (r as Recipient).emailAddress?.address === 'string',
    );
  const toAddresses = (list: Recipient[]) => list.map((r) => parseAddress(r.emailAddress));
  const isBody = (v: unknown): v is { contentType: string; content: string } =>
    !!v &&
    typeof v === 'object' &&
    typeof (v as { content?: unknown }).content === 'string' &&
    ['html', 'text'].includes(String((v as { contentType?: unknown }).contentType ?? 'text').toLowerCase());

  const PATCH_CHECKS: Record<string, (v: unknown) => boolean> = {
    categories: isStringArray,
    isRead: (v) => typeof v === 'boolean',
    subject: (v) => typeof v === 'string',
    body: isBody,
    toRecipients: isRecipients,
    ccRecipients: isRecipients,
    bccRecipients: isRecipients,
  };

  const handlePatch = (ctx: Ctx, mailbox: Mailbox, item: Item, user: string) => {
    const patch = readJson(ctx, false);
    if (!patch) return;
    const invalid = (message: string) => graphError(ctx, 400, 'ErrorInvalidRequest', message);
    const writable = item.isDraft
      ? ['categories', 'isRead', 'subject', 'body', 'toRecipients', 'ccRecipients', 'bccRecipients']
      : ['categories', 'isRead'];
    for (const [key, value] of Object.entries(patch)) {
      if (!writable.includes(key)) return invalid(`The property '${key}' can't be updated on this item.`);
      const ok = PATCH_CHECKS[key](value);
      if (!ok) return invalid(`Invalid value for the property '${key}'.`);
    }
    if (isStringArray(patch.categories)) item.categories = [...patch.categories];
    if (typeof patch.isRead === 'boolean') item.isRead = patch.isRead;
    if (typeof patch.subject === 'string') item.subject = patch.subject;
    if (isBody(patch.body))
      item.body = {
        contentType: patch.body.contentType?.toLowerCase() === 'html' ? 'html' : 'text',
        content: patch.body.content,
      };
    if (isRecipients(patch.toRecipients)) item.toRecipients = toAddresses(patch.toRecipients);
    if (isRecipients(patch.ccRecipients)) item.ccRecipients = toAddresses(patch.ccRecipients);
    if (isRecipients(patch.bccRecipients)) item.bccRecipients = toAddresses(patch.bccRecipients);
    touch(item);
    const contentType = contentTypeOf(parsePrefer(ctx.req.headers.prefer));
    graphJson(ctx, 200, {
      '@odata.context': `${graphBaseUrl}/$metadata#users('${user}')/messages/$entity`,
      ...render(mailbox, item, null, contentType),
    });
  };

  const handleCreateReply = (ctx: Ctx, mailbox: Mailbox, original: Item, user: string) => {
    const params = readJson(ctx, true);
    if (!params) return;
    for (const key of Object.keys(params))
      if (key !== 'comment' && key !== 'message')
        return graphError(
          ctx,
          400,
          'RequestBodyRead',
          `The parameter '${key}' in the request payload is not a valid parameter for the operation 'createReply'.`,
        );
    if (params.comment !== undefined && typeof params.comment !== 'string')
      return graphError(ctx, 400, 'RequestBodyRead', "The parameter 'comment' is not a valid string.");
    const message = (params.message ?? {}) as Record<string, unknown>;
    if (typeof message !== 'object' || Array.isArray(message))
      return graphError(ctx, 400, 'RequestBodyRead', "The parameter 'message' is not a valid message.");
    const comment = typeof params.comment === 'string' ? params.comment : '';
    const now = new Date();
    const to = original.replyTo.length ? original.replyTo : original.from ? [original.from] : [];
    const quoted =
      `<div id="divRplyFwdMsg" dir="ltr"><b>From:</b> ${escapeHtml(original.from ? mimeAddress(original.from) : '')}<br>` +
      `<b>Sent:</b> ${escapeHtml(new Date(original.sentDateTime).toUTCString())}<br>` +
      `<b>To:</b> ${escapeHtml(original.toRecipients.map(mimeAddress).join('; '))}<br>` +
      `<b>Subject:</b> ${escapeHtml(original.subject)}</div>\r\n` +
      `<div>${escapeHtml(original.text).replace(/\r?\n/g, '<br>\r\n')}</div>`;
    const html =
      '<html><head>\r\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\r\n</head>\r\n<body>\r\n' +
      `<div>${escapeHtml(comment).replace(/\r?\n/g, '<br>\r\n')}</div>\r\n` +
      `<hr style="display:inline-block;width:98%" tabindex="-1">\r\n${quoted}\r\n</body>\r\n</html>\r\n`;
    const draft: Item = {
      id: exchangeId('AAMkAD', 71),
      isDraft: true,
      createdSeq: ++seq,
      changeSeq: seq,
      createdDateTime: isoSeconds(now),
      lastModifiedDateTime: isoSeconds(now),
      changeKey: exchangeId('CQAAABYAAA', 11),
      receivedDateTime: isoSeconds(now),
      sentDateTime: isoSeconds(now),
      subject: /^re:\s/i.test(original.subject) ? original.subject : `RE: ${original.subject}`,
      toRecipients: isRecipients(message.toRecipients)
        ? toAddresses(message.toRecipients)
        : to.map((a) => ({ ...a })),
      ccRecipients: [],
      bccRecipients: [],
      replyTo: [],
      internetMessageId: `<${randomBytes(16).toString('hex')}@${mailbox.email.split('@')[1] ?? 'standin'}>`,
      categories: isStringArray(message.categories) ? [...message.categories] : [],
      isRead: true,
      hasAttachments: false,
      conversationId: original.conversationId,
      body: isBody(message.body)
        ? {
            contentType: message.body.contentType?.toLowerCase() === 'html' ? 'html' : 'text',
            content: message.body.content,
          }
        : { contentType: 'html', content: html },
      text: '',
      mime: '',
      headers: [],
      replyToId: original.id,
      comment,
    };
    mailbox.drafts.set(draft.id, draft);
    const contentType = contentTypeOf(parsePrefer(ctx.req.headers.prefer));
    graphJson(ctx, 201, {
      '@odata.context': `${graphBaseUrl}/$metadata#users('${user}')/messages/$entity`,
      ...render(mailbox, draft, null, contentType),
    });
  };

  const draftMime = (mailbox: Mailbox, item: Item) =>
    `${[
      `From: ${mailbox.email}`,
      `To: ${item.toRecipients.map(mimeAddress).join(', ')}`,
      `Subject: ${encodeWord(item.subject)}`,
      `Date: ${rfc5322Date(new Date(item.lastModifiedDateTime))}`,
      `Message-ID: ${item.internetMessageId}`,
      'MIME-Version: 1.0',
      `Content-Type: text/${item.body.contentType === 'html' ? 'html' : 'plain'}; charset="utf-8"`,
      'Content-Transfer-Encoding: base64',
    ].join('\r\n')}\r\n\r\n${wrap76(Buffer.from(item.body.content).toString('base64'))}\r\n`;

  // ---- Graph: routing ----

  const handleGraph = (ctx: Ctx, rawSegments: string[], rawPath: string) => {
    const fault = faults.shift();
    if (fault) {
      const throttled = fault.status === 429;
      return graphError(
        ctx,
        fault.status,
        throttled ? 'TooManyRequests' : 'ServiceUnavailable',
        throttled
          ? `Too many requests. Please retry after ${fault.retryAfterSeconds} seconds.`
          : `The service is temporarily unavailable. Please retry after ${fault.retryAfterSeconds} seconds.`,
        { 'Retry-After': String(fault.retryAfterSeconds) },
      );
    }
    const unauthorized = (message: string) =>
      graphError(ctx, 401, 'InvalidAuthenticationToken', message, {
        'WWW-Authenticate':
          'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000"',
      });
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(ctx.req.headers.authorization ?? '');
    if (!bearer) return unauthorized('Access token is empty.');
    const token = tokens.get(bearer[1]);
    if (!token) return unauthorized('CompactToken parsing failed with error code: 80049217');
    if (token.expired || Date.now() >= token.expiresAt)
      return unauthorized('Access token has expired or is not yet valid.');

    const segments = rawSegments.map(decodeSegment);
    const badSegment = (i: number) =>
      graphError(ctx, 400, 'BadRequest', `Resource not found for the segment '${segments[i] ?? ''}'.`);
    if (segments[0] !== 'v1.0') return badSegment(0);
    if (segments[1]?.toLowerCase() !== 'users' || segments.length < 3) return badSegment(1);
    const user = segments[2];
    const lower = segments.map((s) => s.toLowerCase());
    // /users/{user}/mailFolders/{folder}[/messages[/delta | /{id}[/$value | /createReply]]]
    // /users/{user}/messages[/{id}[/$value | /createReply]]
    let folderName: string | null = null;
    let rest: number;
    if (lower[3] === 'mailfolders' && segments.length >= 5) {
      folderName = segments[4];
      rest = 5;
      if (segments.length > 5 && lower[5] !== 'messages') return badSegment(5);
      if (segments.length > 5) rest = 6;
    } else if (lower[3] === 'messages') {
      rest = 4;
    } else return badSegment(3);
    const tail = lower.slice(rest);
    const isMessages = folderName === null || segments.length > 5;
    type Route = 'folder' | 'list' | 'delta' | 'item' | 'value' | 'createReply';
    let route: Route;
    if (!isMessages) route = 'folder';
    else if (tail.length === 0) route = 'list';
    else if (tail.length === 1 && (tail[0] === 'delta' || tail[0] === 'delta()') && folderName !== null)
      route = 'delta';
    else if (tail.length === 1) route = 'item';
    else if (tail.length === 2 && tail[1] === '$value') route = 'value';
    else if (tail.length === 2 && (tail[1] === 'createreply' || tail[1] === 'microsoft.graph.createreply'))
      route = 'createReply';
    else
      return badSegment(tail.length > 2 && ['$value', 'createreply'].includes(tail[1]) ? rest + 2 : rest + 1);
    const allowed: Record<Route, string[]> = {
      folder: ['GET'],
      list: ['GET'],
      delta: ['GET'],
      item: ['GET', 'PATCH'],
      value: ['GET'],
      createReply: ['POST'],
    };
    const method = ctx.req.method ?? 'GET';
    if (!allowed[route].includes(method))
      return graphError(
        ctx,
        405,
        'BadRequest',
        `The HTTP method '${method}' is not allowed for this resource.`,
      );

    const mailbox = mailboxes.get(user.toLowerCase()) ?? [...mailboxes.values()].find((m) => m.id === user);
    if (!mailbox || (mailbox.tenant !== undefined && mailbox.tenant !== token.tenant))
      return graphError(ctx, 404, 'ErrorInvalidUser', `The requested user '${user}' is invalid.`);
    const writes = method !== 'GET';
    if (!token.roles.some((r) => (writes ? WRITE_ROLES : READ_ROLES).includes(r)))
      return graphError(ctx, 403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.');

    let folder: 'inbox' | 'drafts' | null = null;
    if (folderName !== null) {
      const f = folderName.toLowerCase();
      if (f === 'inbox' || folderName === mailbox.inboxId) folder = 'inbox';
      else if (f === 'drafts' || folderName === mailbox.draftsId) folder = 'drafts';
      else return graphError(ctx, 404, 'ErrorItemNotFound', NOT_FOUND);
    }
    if (route === 'folder') {
      const items = folder === 'inbox' ? mailbox.inbox : mailbox.drafts;
      return graphJson(ctx, 200, {
        '@odata.context': `${graphBaseUrl}/$metadata#users('${user}')/mailFolders/$entity`,
        id: folder === 'inbox' ? mailbox.inboxId : mailbox.draftsId,
        displayName: folder === 'inbox' ? 'Inbox' : 'Drafts',
        parentFolderId: exchangeId('AQMkAD', 11),
        childFolderCount: 0,
        unreadItemCount: [...items.values()].filter((i) => !i.isRead).length,
        totalItemCount: items.size,
        isHidden: false,
      });
    }
    if (route === 'list') return handleList(ctx, mailbox, folder, rawPath, user);
    if (route === 'delta') {
      if (folder !== 'inbox') return graphError(ctx, 404, 'ErrorItemNotFound', NOT_FOUND);
      return handleDelta(ctx, mailbox, rawPath);
    }

    const id = segments[rest];
    if (!/^[A-Za-z0-9_-]{16,}={0,2}$/.test(id))
      return graphError(ctx, 400, 'ErrorInvalidIdMalformed', 'Id is malformed.');
    const item =
      (folder !== 'drafts' ? mailbox.inbox.get(id) : undefined) ??
      (folder !== 'inbox' ? mailbox.drafts.get(id) : undefined);
    if (!item) return graphError(ctx, 404, 'ErrorItemNotFound', NOT_FOUND);
    if (route === 'value')
      return send(
        ctx,
        200,
        { ...graphHeaders(ctx), 'Content-Type': 'text/plain' },
        item.isDraft ? draftMime(mailbox, item) : item.mime,
      );
    if (route === 'createReply') return handleCreateReply(ctx, mailbox, item, user);
    if (method === 'PATCH') return handlePatch(ctx, mailbox, item, user);
    const selected = parseSelect(ctx.url.searchParams.get('$select'));
    if ('unknown' in selected) return unknownProperty(ctx, selected.unknown);
    graphJson(ctx, 200, {
      '@odata.context': `${graphBaseUrl}/$metadata#users('${user}')/messages/$entity`,
      ...render(mailbox, item, selected.select, contentTypeOf(parsePrefer(ctx.req.headers.prefer))),
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    const rawSegments = url.pathname.split('/').filter(Boolean);
    const entry: LoggedRequest = {
      method: req.method ?? 'GET',
      path: `/${rawSegments.map(decodeSegment).join('/')}`,
      query: Object.fromEntries(url.searchParams),
      headers: { ...req.headers },
      body: await readBody(req),
    };
    requests.push(entry);
    const ctx: Ctx = { req, res, entry, url };
    const [root, ...rest] = rawSegments;
    if (
      root === 'login' &&
      rest.length === 4 &&
      rest[1] === 'oauth2' &&
      rest[2] === 'v2.0' &&
      rest[3].toLowerCase() === 'token'
    )
      return handleToken(ctx, decodeSegment(rest[0]));
    if (root === 'graph') return handleGraph(ctx, rest, url.pathname);
    send(ctx, 404, { 'Content-Type': 'text/plain' }, 'Not found');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(error instanceof Error ? error.stack : error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  graphBaseUrl = `${origin}/graph/v1.0`;

  const publicMessage = (item: Item): StandinMessage => ({
    id: item.id,
    subject: item.subject,
    from: { emailAddress: { ...item.from! } },
    receivedDateTime: item.receivedDateTime,
    internetMessageId: item.internetMessageId,
    categories: [...item.categories],
    isRead: item.isRead,
    hasAttachments: item.hasAttachments,
    conversationId: item.conversationId,
    text: item.text,
    mime: item.mime,
  });

  return {
    loginBaseUrl: `${origin}/login`,
    graphBaseUrl,
    requests,
    addApp: ({ tenantId, clientId, clientSecret, roles = ['Mail.ReadWrite'] }) => {
      apps.set(clientId, { tenantId, clientId, clientSecret, roles: [...roles], revoked: false });
      tenants.add(tenantId.toLowerCase());
    },
    addMailbox: (userEmail, { tenantId } = {}) => {
      if (tenantId) tenants.add(tenantId.toLowerCase());
      mailboxes.set(userEmail.toLowerCase(), {
        email: userEmail,
        id: randomUUID(),
        tenant: tenantId?.toLowerCase(),
        inboxId: exchangeId('AQMkAD', 35),
        draftsId: exchangeId('AQMkAD', 35),
        inbox: new Map(),
        drafts: new Map(),
        removed: new Map(),
      });
    },
    revokeApp: (clientId) => {
      appOf(clientId).revoked = true;
    },
    setSecret: (clientId, secret) => {
      appOf(clientId).clientSecret = secret;
    },
    deliver: (userEmail, message) => {
      const mailbox = mailboxOf(userEmail);
      const from = parseAddress(message.from);
      const to = [{ name: mailbox.email, address: mailbox.email }];
      const replyTo = message.replyTo ? [parseAddress(message.replyTo)] : [];
      const received = message.receivedDateTime ? new Date(message.receivedDateTime) : new Date();
      if (Number.isNaN(received.getTime())) throw new Error(`graph stand-in: bad receivedDateTime`);
      const given = message.internetMessageId?.trim();
      const internetMessageId = given
        ? given.startsWith('<')
          ? given
          : `<${given}>`
        : `<${randomBytes(16).toString('hex')}@${from.address.split('@')[1] ?? 'example.org'}>`;
      const attachments = message.attachments ?? [];
      const mime = composeMime({
        from,
        to,
        replyTo,
        subject: message.subject,
        date: received,
        messageId: internetMessageId,
        text: message.text,
        attachments,
      });
      const now = isoSeconds(new Date());
      const item: Item = {
        id: exchangeId('AAMkAD', 71),
        isDraft: false,
        createdSeq: ++seq,
        changeSeq: seq,
        createdDateTime: now,
        lastModifiedDateTime: now,
        changeKey: exchangeId('CQAAABYAAA', 11),
        receivedDateTime: isoSeconds(received),
        sentDateTime: isoSeconds(received),
        subject: message.subject,
        from,
        toRecipients: to,
        ccRecipients: [],
        bccRecipients: [],
        replyTo,
        internetMessageId,
        categories: [],
        isRead: false,
        hasAttachments: attachments.length > 0,
        conversationId: exchangeId('AAQkAD', 41),
        body: { contentType: 'text', content: message.text },
        text: message.text,
        mime,
        headers: mimeHeaders(mime),
      };
      mailbox.inbox.set(item.id, item);
      return publicMessage(item);
    },
    remove: (userEmail, id) => {
      const mailbox = mailboxOf(userEmail);
      const item = mailbox.inbox.get(id);
      if (item) {
        mailbox.inbox.delete(id);
        mailbox.removed.set(id, { seq: ++seq, createdSeq: item.createdSeq });
      } else if (!mailbox.drafts.delete(id))
        throw new Error(`graph stand-in: no message ${id} in ${userEmail}`);
    },
    messages: (userEmail) => [...mailboxOf(userEmail).inbox.values()].map(publicMessage),
    drafts: (userEmail) =>
      [...mailboxOf(userEmail).drafts.values()].map((d) => ({
        id: d.id,
        replyTo: d.replyToId ?? '',
        comment: d.comment ?? '',
        subject: d.subject,
        toRecipients: recipients(d.toRecipients),
        body: { ...d.body },
        categories: [...d.categories],
        conversationId: d.conversationId,
        createdDateTime: d.createdDateTime,
      })),
    afterNext: (pattern, then) => {
      afterNext.push({ pattern, then });
    },
    failNext: (count, { status = 429, retryAfterSeconds = 1 } = {}) => {
      for (let i = 0; i < count; i++) faults.push({ status, retryAfterSeconds });
    },
    expireTokens: () => {
      for (const token of tokens.values()) token.expired = true;
    },
    expireSyncState: () => {
      rounds.clear();
      deltaStates.clear();
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
};
