import { createHash, randomBytes, randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google's OAuth 2.0 endpoints (authorization code with PKCE, refresh, revoke)
 * and for the Gmail API v1 endpoints a mail connector uses, over plain HTTP on a free port of
 * 127.0.0.1. It follows the documented protocols (parameters, status codes, Google's error bodies,
 * page tokens, history ids) closely enough that a real Gmail client's requests can be checked
 * against them; every request is logged for a test to assert on its shape.
 *
 * Behaviour worth knowing, as Google's:
 * - `authorize` plays the user on the consent page; it throws `GoogleConsentPageError` where Google
 *   shows an error page (unknown client, `redirect_uri_mismatch`, `invalid_scope`…) and a plain
 *   Error where the URL breaks the connector's contract (no PKCE S256, no `access_type=offline`…);
 * - a code is single-use and bound to its client, redirect URI, account and code challenge;
 * - a redirect URI not registered for the client answers `redirect_uri_mismatch` at the token
 *   endpoint, a registered one other than the code's `invalid_grant`;
 * - a refresh token issued to another client answers `unauthorized_client`;
 * - the token response has no `id_token` (the account is read from `users/me/profile`);
 * - `messages.list` and `history.list` leave out `messages` / `history` when there are none;
 * - drafts are messages labelled DRAFT: `messages.list` lists them unless `-in:drafts` or
 *   `labelIds=INBOX`, and history reports them `messageAdded`;
 * - a draft stays in the thread asked only when the References or In-Reply-To header names a
 *   message of that thread and the Subject matches (else it starts a thread of its own);
 * - `after:`/`before:` compare with the message's internalDate: `after:` inclusive, `before:`
 *   exclusive; a date (YYYY/MM/DD) is midnight Pacific time, as Gmail's search;
 * - spam and trash are left out of lists unless `includeSpamTrash=true` or `in:spam|trash|anywhere`;
 * - the `fields` parameter (partial responses) is ignored: the whole resource is answered.
 */

export interface GoogleStandinOptions {
  /** Lifetime of an access token, said in `expires_in` (3599, as Google). */
  tokenLifetimeSeconds?: number;
  /** Lifetime of an authorization code (600: ten minutes). */
  codeLifetimeSeconds?: number;
}

export interface StandinClient {
  clientId: string;
  clientSecret: string;
  /** The redirect URIs registered for the OAuth client, compared exactly. */
  redirectUris: string[];
}

export interface ConsentChoice {
  /** The Google account the user signs in with (addAccount first). */
  account: string;
  /** false: the user presses Cancel (`error=access_denied`). */
  consent?: boolean;
  /** The scopes the user leaves ticked (granular consent); every requested one unless said. */
  grantedScopes?: string[];
}

export interface EmailAddress {
  name: string;
  address: string;
}

export interface DeliveredAttachment {
  filename: string;
  contentType?: string;
  content: string | Buffer;
}

export interface GmailDelivery {
  /** `'Name <address>'`, a bare address, or its parts. */
  from: string | EmailAddress;
  subject: string;
  text: string;
  /** The To address: the account unless said. */
  to?: string | EmailAddress;
  /** The Message-ID, with or without its angle brackets; made up when left out. */
  messageId?: string;
  /** When Gmail received it (internalDate and the Date header): now unless said. */
  internalDate?: Date | string | number;
  attachments?: DeliveredAttachment[];
  replyTo?: string | EmailAddress;
  /** Files it in this thread (In-Reply-To and References set from the thread's last message). */
  threadId?: string;
  /** `['INBOX', 'UNREAD']` unless said. */
  labelIds?: string[];
}

/** A message of the mailbox as the stand-in stores it. */
export interface GmailStandinMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  /** The labels' names (`INBOX`, `UNREAD`, `Claims/Urgent`…), in the order of labelIds. */
  labels: string[];
  /** Milliseconds since the epoch, as a decimal string (as the API says it). */
  internalDate: string;
  /** The history id of the message's last change. */
  historyId: string;
  subject: string;
  from: string;
  to: string;
  /** The Message-ID header, with its angle brackets. */
  messageId: string;
  /** The first text/plain part, decoded. */
  text: string;
  snippet: string;
  /** The RFC 5322 message (decoded, as text; the API serves it base64url-encoded). */
  raw: string;
  sizeEstimate: number;
}

/** A draft made by `POST drafts`. */
export interface GmailStandinDraft {
  /** The draft's id (`r…`). */
  id: string;
  /** The id of the draft's message. */
  messageId: string;
  /** The thread Gmail put it in. */
  threadId: string;
  /** The threadId the request asked for (null when none). */
  requestedThreadId: string | null;
  labelIds: string[];
  /** The RFC 5322 message as sent, decoded. */
  raw: string;
  subject: string;
  to: string;
  inReplyTo: string;
  references: string;
  /** The first text/plain part (or the HTML part's text), decoded. */
  text: string;
}

export interface GmailStandinLabel {
  id: string;
  name: string;
  type: 'system' | 'user';
  messageListVisibility?: 'show' | 'hide';
  labelListVisibility?: 'labelShow' | 'labelShowIfUnread' | 'labelHide';
}

export interface LoggedRequest {
  method: string;
  /** The path, percent-decoded (`/gmail/v1/users/me/messages/18c…`). */
  path: string;
  /** The query, decoded: the first value of each name. */
  query: Record<string, string>;
  /** Every value of each name (`metadataHeaders`, `labelIds`, `historyTypes` repeat). */
  queryAll: Record<string, string[]>;
  headers: IncomingHttpHeaders;
  /** The raw body ('' when none). */
  body: string;
  /** The status answered. */
  status?: number;
}

export interface GmailFault {
  /** 429 unless said. */
  status?: 429 | 403 | 500 | 503;
  /** Said in `Retry-After` (1 unless given; null: no header). */
  retryAfterSeconds?: number | null;
  /** The `errors[0].reason` of a 429 or 403: `rateLimitExceeded` (429's default) or `userRateLimitExceeded` (403's). */
  reason?: 'rateLimitExceeded' | 'userRateLimitExceeded';
}

/** Google's error page on the consent screen ("Error 400: redirect_uri_mismatch"). */
export class GoogleConsentPageError extends Error {
  readonly status: number;
  /** `invalid_request`, `invalid_client`, `redirect_uri_mismatch`, `invalid_scope`, `unsupported_response_type`. */
  readonly error: string;
  constructor(status: number, error: string, detail: string) {
    super(`Error ${status}: ${error}. ${detail}`);
    this.name = 'GoogleConsentPageError';
    this.status = status;
    this.error = error;
  }
}

export interface GoogleStandin {
  /** `http://127.0.0.1:PORT/o/oauth2/v2/auth`: the consent page (played by `authorize`). */
  authUrl: string;
  /** `http://127.0.0.1:PORT/token`. */
  tokenUrl: string;
  /** `http://127.0.0.1:PORT/revoke` (`POST token=…`: the grant of that token ends). */
  revokeUrl: string;
  /** `http://127.0.0.1:PORT/gmail/v1`. */
  gmailBaseUrl: string;
  /** Every request received, in order (empty it with `requests.length = 0`). */
  requests: LoggedRequest[];
  /** Registers an OAuth client; one of the same id is replaced. */
  addClient(client: StandinClient): void;
  /** Adds a Google account and its mailbox (anew when it exists), with Gmail's system labels. */
  addAccount(email: string): void;
  /** The user on the consent page: the URL the browser is redirected to (`?code=…&state=…&scope=…`). */
  authorize(authorizeUrl: string, choice: ConsentChoice): string;
  /** The user removes the app's access: its refresh and access tokens stop working (every client's unless said). */
  revokeGrant(account: string, clientId?: string): void;
  /** Every access token issued so far answers 401 from now on. */
  expireTokens(): void;
  /** Every history id before the current one becomes too old: `history.list` answers 404 (every account's unless said). */
  expireHistory(account?: string): void;
  /** The account an access token (or refresh token) was issued for. */
  accountOfToken(token: string): string | undefined;
  /** Delivers a message (to the inbox, unread, unless `labelIds` says otherwise). */
  deliver(account: string, message: GmailDelivery): GmailStandinMessage;
  /** Deletes a message or draft (by message or draft id) for good: history reports it `messageDeleted`. */
  remove(account: string, id: string): void;
  /** The mailbox's messages but drafts, in the order they came. */
  messages(account: string): GmailStandinMessage[];
  drafts(account: string): GmailStandinDraft[];
  /** The system labels, then the user labels in the order made. */
  labels(account: string): GmailStandinLabel[];
  /** The mailbox's current history id. */
  historyId(account: string): string;
  /** The next `count` Gmail API requests (not OAuth ones) answer this error with Google's body. */
  failNext(count: number, fault?: GmailFault): void;
  close(): Promise<void>;
}

const SCOPE_PREFIX = 'https://www.googleapis.com/auth/';
const MODIFY = `${SCOPE_PREFIX}gmail.modify`;
const FULL = 'https://mail.google.com/';
const READONLY = `${SCOPE_PREFIX}gmail.readonly`;
const METADATA = `${SCOPE_PREFIX}gmail.metadata`;
const LABELS = `${SCOPE_PREFIX}gmail.labels`;
const COMPOSE = `${SCOPE_PREFIX}gmail.compose`;
const KNOWN_SCOPES = new Set([
  FULL,
  MODIFY,
  READONLY,
  METADATA,
  LABELS,
  COMPOSE,
  `${SCOPE_PREFIX}gmail.send`,
  `${SCOPE_PREFIX}gmail.insert`,
  `${SCOPE_PREFIX}gmail.settings.basic`,
  `${SCOPE_PREFIX}userinfo.email`,
  `${SCOPE_PREFIX}userinfo.profile`,
  'openid',
  'email',
  'profile',
]);
/** What each kind of Gmail call needs: one of these scopes. */
const SCOPES_FOR = {
  read: [FULL, MODIFY, READONLY, METADATA],
  labels: [FULL, MODIFY, READONLY, METADATA, LABELS],
  createLabel: [FULL, MODIFY, LABELS],
  modify: [FULL, MODIFY],
  draft: [FULL, MODIFY, COMPOSE],
} as const;

const SYSTEM_LABELS = [
  'INBOX',
  'SENT',
  'DRAFT',
  'UNREAD',
  'STARRED',
  'IMPORTANT',
  'SPAM',
  'TRASH',
  'CHAT',
  'CATEGORY_PERSONAL',
  'CATEGORY_SOCIAL',
  'CATEGORY_PROMOTIONS',
  'CATEGORY_UPDATES',
  'CATEGORY_FORUMS',
];
const LABEL_LIST_VISIBILITIES = ['labelShow', 'labelShowIfUnread', 'labelHide'];
const MESSAGE_LIST_VISIBILITIES = ['show', 'hide'];
const HISTORY_TYPES = ['messageAdded', 'messageDeleted', 'labelAdded', 'labelRemoved'] as const;
type HistoryType = (typeof HISTORY_TYPES)[number];

const UNAUTHENTICATED_SUFFIX =
  'Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';
const NOT_FOUND = 'Requested entity was not found.';

interface Client extends StandinClient {
  redirectUris: string[];
}

interface Code {
  clientId: string;
  redirectUri: string;
  account: string;
  challenge: string;
  scope: string;
  expiresAt: number;
  used: boolean;
}

interface Grant {
  clientId: string;
  account: string;
  scope: string;
  revoked: boolean;
}

interface AccessToken {
  grant: Grant;
  expiresAt: number;
  expired: boolean;
}

interface Message {
  id: string;
  threadId: string;
  labelIds: string[];
  bytes: Buffer;
  internalDate: number;
  historyId: number;
  seq: number;
}

interface Draft {
  id: string;
  messageId: string;
  requestedThreadId: string | null;
}

interface Label extends GmailStandinLabel {
  color?: unknown;
}

interface HistoryRecord {
  id: number;
  message: { id: string; threadId: string };
  /** The message's labels after the change (before it, for a deletion). */
  labelIds: string[];
  /** The labels it had before or after: what `labelId` filters on. */
  anyLabelIds: string[];
  added?: true;
  deleted?: true;
  labelsAdded?: string[];
  labelsRemoved?: string[];
}

interface Account {
  email: string;
  messages: Map<string, Message>;
  drafts: Map<string, Draft>;
  labels: Map<string, Label>;
  labelSeq: number;
  historyId: number;
  /** history.list answers 404 for a startHistoryId below this. */
  oldestHistoryId: number;
  history: HistoryRecord[];
}

/** A listing frozen when its first page was asked: a page token gives the same page again. */
interface ListSnapshot {
  account: Account;
  ids: { id: string; threadId: string }[];
  next: Map<number, string>;
}

interface HistoryCursor {
  account: Account;
  /** The id of the last record of the previous page. */
  after: number;
  key: string;
}

interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  entry: LoggedRequest;
  url: URL;
}

interface MimePart {
  headers: { name: string; value: string }[];
  mimeType: string;
  filename: string;
  /** The decoded body (leaf parts). */
  body: Buffer;
  parts: MimePart[];
}

// ---- Text and MIME ----

const isAscii = (s: string) => /^[\x20-\x7e]*$/.test(s);
const wrap76 = (s: string) => s.match(/.{1,76}/g)?.join('\r\n') ?? '';
const rfc5322Date = (d: Date) => d.toUTCString().replace(/GMT$/, '+0000');
const escapeSnippet = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const parseAddress = (value: string | EmailAddress): EmailAddress => {
  if (typeof value !== 'string') return { name: value.name, address: value.address };
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  if (m) return { name: m[1].trim(), address: m[2].trim() };
  return { name: '', address: value.trim() };
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
      'Content-Type: text/plain; charset="UTF-8"',
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
  to: EmailAddress;
  replyTo?: EmailAddress;
  subject: string;
  date: Date;
  messageId: string;
  inReplyTo?: string;
  references?: string;
  text: string;
  attachments: DeliveredAttachment[];
}) => {
  const headers = [
    'MIME-Version: 1.0',
    `Date: ${rfc5322Date(m.date)}`,
    ...(m.references ? [`References: ${m.references}`] : []),
    ...(m.inReplyTo ? [`In-Reply-To: ${m.inReplyTo}`] : []),
    `Message-ID: ${m.messageId}`,
    `Subject: ${encodeWord(m.subject)}`,
    `From: ${mimeAddress(m.from)}`,
    `To: ${mimeAddress(m.to)}`,
    ...(m.replyTo ? [`Reply-To: ${mimeAddress(m.replyTo)}`] : []),
  ];
  const text = textPart(m.text);
  if (!m.attachments.length) return `${[...headers, ...text.headers].join('\r\n')}\r\n\r\n${text.body}\r\n`;
  const boundary = `000000000000${randomBytes(7).toString('hex')}`;
  const parts = [`${text.headers.join('\r\n')}\r\n\r\n${text.body}`, ...m.attachments.map(attachmentPart)];
  return (
    `${[...headers, `Content-Type: multipart/mixed; boundary="${boundary}"`].join('\r\n')}\r\n\r\n` +
    parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') +
    `--${boundary}--\r\n`
  );
};

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?ISO-8859-1?Q?…?=`). */
const decodeWords = (value: string) =>
  value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, charset: string, enc: string, text: string) => {
      const bytes =
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return decodeCharset(bytes, charset);
    });

const decodeCharset = (bytes: Buffer, charset: string | undefined) =>
  /^(iso-8859-1|latin1|us-ascii|windows-1252)$/i.test(charset ?? '')
    ? bytes.toString('latin1')
    : bytes.toString('utf8');

const decodeQuotedPrintable = (text: string) => {
  const soft = text.replace(/=\r?\n/g, '');
  const out: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i];
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      out.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(...Buffer.from(c, 'latin1'));
  }
  return Buffer.from(out);
};

/** `type/subtype; a=b; c="d"` → the type (lower case) and its parameters (names in lower case). */
const parseHeaderParams = (value: string) => {
  const [head] = value.split(';', 1);
  const params: Record<string, string> = {};
  const re = /;\s*([^=\s;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    const raw = m[2].trim();
    params[m[1].toLowerCase()] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
  }
  return { value: head.trim().toLowerCase(), params };
};

const splitHeadBody = (text: string) => {
  const blank = /\r?\n\r?\n/.exec(text);
  if (!blank) return { head: text, body: '' };
  return { head: text.slice(0, blank.index), body: text.slice(blank.index + blank[0].length) };
};

const parseHeaders = (head: string) =>
  head
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .filter((line) => line.includes(':'))
    .map((line) => ({
      name: line.slice(0, line.indexOf(':')).trim(),
      value: line.slice(line.indexOf(':') + 1).trim(),
    }));

const headerOf = (headers: { name: string; value: string }[], name: string) =>
  headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? '';

/** A MIME entity (as a latin1 string, one character a byte) and its parts. */
const parseMime = (text: string): MimePart => {
  const { head, body } = splitHeadBody(text);
  const headers = parseHeaders(head);
  const contentType = parseHeaderParams(headerOf(headers, 'Content-Type') || 'text/plain');
  const disposition = parseHeaderParams(headerOf(headers, 'Content-Disposition'));
  const star = disposition.params['filename*'];
  const filename = star
    ? decodeURIComponent(star.replace(/^[^']*'[^']*'/, ''))
    : decodeWords(
        Buffer.from(disposition.params.filename ?? contentType.params.name ?? '', 'latin1').toString('utf8'),
      );
  const mimeType = contentType.value.includes('/') ? contentType.value : 'text/plain';
  const boundary = contentType.params.boundary;
  if (mimeType.startsWith('multipart/') && boundary) {
    const parts: MimePart[] = [];
    const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const chunks = body.split(new RegExp(`(?:^|\\r?\\n)--${escaped}(--)?[ \\t]*(?:\\r?\\n|$)`));
    // split gives: preamble, (close marker, part)*; a part followed by '--' ends the list
    for (let i = 1; i + 1 < chunks.length; i += 2) {
      if (chunks[i] === '--') break;
      parts.push(parseMime(chunks[i + 1]));
    }
    return { headers, mimeType, filename, body: Buffer.alloc(0), parts };
  }
  const encoding = headerOf(headers, 'Content-Transfer-Encoding').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, 'latin1');
  return { headers, mimeType, filename, body: bytes, parts: [] };
};

const leaves = (part: MimePart): MimePart[] => (part.parts.length ? part.parts.flatMap(leaves) : [part]);

/** The text of the first text/plain part (not an attachment), else of the first HTML part. */
const bodyText = (root: MimePart) => {
  const inline = leaves(root).filter((p) => !p.filename);
  const charsetOf = (p: MimePart) => parseHeaderParams(headerOf(p.headers, 'Content-Type')).params.charset;
  const plain = inline.find((p) => p.mimeType === 'text/plain');
  if (plain) return decodeCharset(plain.body, charsetOf(plain));
  const html = inline.find((p) => p.mimeType === 'text/html');
  if (!html) return '';
  return decodeCharset(html.body, charsetOf(html))
    .replace(/<(head|style|script)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
};

/** Headers as the API says them: unfolded, encoded words decoded. */
const apiHeaders = (part: MimePart) =>
  part.headers.map((h) => ({
    name: h.name,
    value: decodeWords(Buffer.from(h.value, 'latin1').toString('utf8')),
  }));
const decodedHeader = (root: MimePart, name: string) =>
  decodeWords(Buffer.from(headerOf(root.headers, name), 'latin1').toString('utf8'));

const subjectKey = (subject: string) =>
  subject
    .replace(/^(\s*(re|fwd?|aw|tr|wg|sv|vs)\s*(\[\d+\])?\s*:\s*)+/i, '')
    .trim()
    .toLowerCase();

const messageIdsIn = (value: string) => value.match(/<[^<>\s]+>/g) ?? [];

/** midnight of that day in Pacific time (Gmail's search reads dates so). */
const pacificMidnight = (y: number, m: number, d: number) => {
  const noonish = new Date(Date.UTC(y, m - 1, d, 12));
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', timeZoneName: 'longOffset' })
      .formatToParts(noonish)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT-08:00';
  const o = /GMT([+-])(\d\d):(\d\d)/.exec(name);
  const offsetMinutes = o ? (o[1] === '-' ? -1 : 1) * (Number(o[2]) * 60 + Number(o[3])) : -480;
  return Date.UTC(y, m - 1, d) - offsetMinutes * 60_000;
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

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;
const randomDigits = (n: number) => Array.from({ length: n }, (_, i) => randomInt(i ? 0 : 1, 10)).join('');

/**
 * Starts the stand-in on a free port of 127.0.0.1.
 *
 * @example
 * const google = await startGoogleStandin();
 * google.addClient({ clientId: 'cid', clientSecret: 'csecret', redirectUris: ['http://localhost/cb'] });
 * google.addAccount('ana@example.com');
 * const landing = google.authorize(urlTheConnectorMade, { account: 'ana@example.com' });
 * google.deliver('ana@example.com', { from: 'Bob <bob@example.org>', subject: 'Invoice', text: 'Hi' });
 */
export const startGoogleStandin = async (options: GoogleStandinOptions = {}): Promise<GoogleStandin> => {
  const tokenLifetime = options.tokenLifetimeSeconds ?? 3599;
  const codeLifetime = options.codeLifetimeSeconds ?? 600;
  const clients = new Map<string, Client>();
  const accounts = new Map<string, Account>();
  const codes = new Map<string, Code>();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, AccessToken>();
  const listSnapshots = new Map<string, { snapshot: ListSnapshot; offset: number }>();
  const historyCursors = new Map<string, HistoryCursor>();
  const faults: { status: number; retryAfterSeconds: number | null; reason?: GmailFault['reason'] }[] = [];
  const requests: LoggedRequest[] = [];
  let seq = 0;
  let lastMessageId = 0n;
  let origin = '';

  const accountOf = (email: string) => {
    const account = accounts.get(email.toLowerCase());
    if (!account) throw new Error(`google stand-in: no account ${email} (addAccount first)`);
    return account;
  };

  /** Gmail-like ids: 16 hex digits, growing with time. */
  const newMessageId = () => {
    let id = (BigInt(Date.now()) << 20n) | BigInt(randomInt(0, 1 << 20));
    if (id <= lastMessageId) id = lastMessageId + 1n;
    lastMessageId = id;
    return id.toString(16);
  };
  const bumpHistory = (account: Account) => (account.historyId += randomInt(1, 10));
  const record = (account: Account, r: Omit<HistoryRecord, 'id'>) => {
    const id = bumpHistory(account);
    account.history.push({ id, ...r });
    return id;
  };
  const labelName = (account: Account, id: string) => account.labels.get(id)?.name ?? id;
  const live = (account: Account) => [...account.messages.values()];
  const root = (m: Message) => parseMime(m.bytes.toString('latin1'));

  // ---- Responses ----

  const send = (ctx: Ctx, status: number, headers: Record<string, string>, body: string) => {
    ctx.entry.status = status;
    ctx.res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
    ctx.res.end(body);
  };
  const pretty = (ctx: Ctx) => ctx.url.searchParams.get('prettyPrint') !== 'false';
  const apiJson = (ctx: Ctx, status: number, body: unknown, extra: Record<string, string> = {}) =>
    send(
      ctx,
      status,
      { 'Content-Type': 'application/json; charset=UTF-8', Vary: 'Origin, X-Origin, Referer', ...extra },
      JSON.stringify(body, null, pretty(ctx) ? 2 : undefined),
    );
  /** Google's error body: `{ error: { code, message, errors: [{ message, domain, reason }], status } }`. */
  const apiError = (
    ctx: Ctx,
    code: number,
    status: string,
    message: string,
    reason: string,
    domain = 'global',
    extra: Record<string, string> = {},
  ) => apiJson(ctx, code, { error: { code, message, errors: [{ message, domain, reason }], status } }, extra);
  const notFound = (ctx: Ctx) => apiError(ctx, 404, 'NOT_FOUND', NOT_FOUND, 'notFound');
  const invalidArgument = (ctx: Ctx, message: string, reason = 'invalidArgument') =>
    apiError(ctx, 400, 'INVALID_ARGUMENT', message, reason);
  const htmlNotFound = (ctx: Ctx) =>
    send(
      ctx,
      404,
      { 'Content-Type': 'text/html; charset=UTF-8' },
      '<!DOCTYPE html>\n<html lang=en>\n  <meta charset=utf-8>\n  <title>Error 404 (Not Found)!!1</title>\n' +
        `  <p><b>404.</b> <ins>That’s an error.</ins>\n  <p>The requested URL <code>${ctx.entry.path.replace(/[<>&]/g, '')}</code> was not found on this server.  <ins>That’s all we know.</ins>\n`,
    );
  const oauthJson = (ctx: Ctx, status: number, body: unknown) =>
    send(
      ctx,
      status,
      {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
        Pragma: 'no-cache',
      },
      JSON.stringify(body, null, 2),
    );
  const oauthError = (ctx: Ctx, status: number, error: string, description: string) =>
    oauthJson(ctx, status, { error, error_description: description });

  // ---- OAuth: the consent page (played by authorize) ----

  const authorize = (authorizeUrl: string, choice: ConsentChoice): string => {
    let url: URL;
    try {
      url = new URL(authorizeUrl);
    } catch {
      throw new Error(`google stand-in: not a URL: ${authorizeUrl}`);
    }
    if (`${url.origin}${url.pathname}` !== `${origin}/o/oauth2/v2/auth`)
      throw new Error(
        `google stand-in: ${authorizeUrl} is not the authorization endpoint ${origin}/o/oauth2/v2/auth`,
      );
    const q = url.searchParams;
    const page = (status: number, error: string, detail: string) => {
      throw new GoogleConsentPageError(status, error, detail);
    };
    const clientId = q.get('client_id');
    if (!clientId) page(400, 'invalid_request', 'Missing required parameter: client_id');
    const client = clients.get(clientId!);
    if (!client) page(401, 'invalid_client', 'The OAuth client was not found.');
    const redirectUri = q.get('redirect_uri');
    if (!redirectUri) page(400, 'invalid_request', 'Missing required parameter: redirect_uri');
    if (!client!.redirectUris.includes(redirectUri!))
      page(
        400,
        'redirect_uri_mismatch',
        `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. If you're the app developer, register the redirect URI in the Google Cloud Console. Request details: redirect_uri=${redirectUri}`,
      );
    const responseType = q.get('response_type');
    if (!responseType) page(400, 'invalid_request', 'Required parameter is missing: response_type');
    if (responseType !== 'code')
      page(400, 'unsupported_response_type', `Invalid response_type: ${responseType}`);
    const scope = q.get('scope');
    if (!scope?.trim()) page(400, 'invalid_request', 'Missing required parameter: scope');
    const scopes = scope!.trim().split(/\s+/);
    const invalid = scopes.filter((s) => !KNOWN_SCOPES.has(s));
    if (invalid.length)
      page(400, 'invalid_scope', `Some requested scopes were invalid. {invalid=[${invalid.join(', ')}]}`);
    const accessType = q.get('access_type');
    if (accessType !== null && accessType !== 'online' && accessType !== 'offline')
      page(400, 'invalid_request', `Invalid access_type: ${accessType}`);
    const method = q.get('code_challenge_method');
    const challenge = q.get('code_challenge');
    if (method !== null && method !== 'S256' && method !== 'plain')
      page(400, 'invalid_request', 'Invalid code_challenge_method');
    if (challenge !== null && !PKCE_VALUE.test(challenge))
      page(400, 'invalid_request', 'Invalid code_challenge');
    // The connector's contract: a refresh token (offline, consent asked again), PKCE S256, a state.
    const contract = (what: string) => {
      throw new Error(
        `google stand-in: the authorization URL breaks the contract: ${what} (${authorizeUrl})`,
      );
    };
    if (!scopes.includes(MODIFY)) contract(`scope lacks ${MODIFY}`);
    if (accessType !== 'offline') contract('access_type is not offline (no refresh token)');
    if (!(q.get('prompt') ?? '').split(/\s+/).includes('consent')) contract('prompt is not consent');
    if (!q.get('state')) contract('no state');
    if (!challenge || method !== 'S256') contract('no code_challenge with code_challenge_method=S256');

    const account = accountOf(choice.account);
    const landing = new URL(redirectUri!);
    const state = q.get('state')!;
    if (choice.consent === false) {
      landing.searchParams.set('error', 'access_denied');
      landing.searchParams.set('state', state);
      return landing.toString();
    }
    const granted = choice.grantedScopes ?? scopes;
    for (const s of granted)
      if (!scopes.includes(s)) throw new Error(`google stand-in: scope ${s} was not requested`);
    const code = `4/0A${randomBytes(54).toString('base64url')}`;
    codes.set(code, {
      clientId: clientId!,
      redirectUri: redirectUri!,
      account: account.email.toLowerCase(),
      challenge: challenge!,
      scope: granted.join(' '),
      expiresAt: Date.now() + codeLifetime * 1000,
      used: false,
    });
    landing.searchParams.set('code', code);
    landing.searchParams.set('state', state);
    landing.searchParams.set('scope', granted.join(' '));
    return landing.toString();
  };

  // ---- OAuth: POST /token and POST /revoke ----

  const readForm = (ctx: Ctx) => {
    const type = (ctx.req.headers['content-type'] ?? '').toLowerCase();
    if (type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(ctx.entry.body);
    if (type.startsWith('application/json')) {
      try {
        const value: unknown = JSON.parse(ctx.entry.body);
        if (value && typeof value === 'object')
          return new URLSearchParams(
            Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
          );
      } catch {
        // an empty form
      }
    }
    return new URLSearchParams();
  };

  const issueAccessToken = (grant: Grant) => {
    const token = `ya29.a0${randomBytes(96).toString('base64url')}`;
    accessTokens.set(token, { grant, expiresAt: Date.now() + tokenLifetime * 1000, expired: false });
    return token;
  };

  const handleToken = (ctx: Ctx) => {
    if (ctx.req.method !== 'POST') return htmlNotFound(ctx);
    const form = readForm(ctx);
    let clientId = form.get('client_id');
    let clientSecret = form.get('client_secret');
    const basic = /^Basic\s+(.+)$/i.exec(ctx.req.headers.authorization ?? '');
    if (basic) {
      const [id, secret = ''] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      clientId ??= decodeURIComponent(id.replace(/\+/g, ' '));
      clientSecret ??= decodeURIComponent(secret.replace(/\+/g, ' '));
    }
    const grantType = form.get('grant_type') ?? '';
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token')
      return oauthError(ctx, 400, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`);
    if (!clientId)
      return oauthError(ctx, 400, 'invalid_request', 'Could not determine client ID from request.');
    const client = clients.get(clientId);
    if (!client) return oauthError(ctx, 401, 'invalid_client', 'The OAuth client was not found.');
    if (!clientSecret) return oauthError(ctx, 400, 'invalid_request', 'client_secret is missing.');
    if (clientSecret !== client.clientSecret) return oauthError(ctx, 401, 'invalid_client', 'Unauthorized');

    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token');
      if (!refreshToken)
        return oauthError(ctx, 400, 'invalid_request', 'Missing required parameter: refresh_token');
      const grant = refreshTokens.get(refreshToken);
      if (!grant || grant.revoked)
        return oauthError(ctx, 400, 'invalid_grant', 'Token has been expired or revoked.');
      if (grant.clientId !== clientId) return oauthError(ctx, 400, 'unauthorized_client', 'Unauthorized');
      return oauthJson(ctx, 200, {
        access_token: issueAccessToken(grant),
        expires_in: tokenLifetime,
        scope: grant.scope,
        token_type: 'Bearer',
      });
    }

    const codeValue = form.get('code');
    if (!codeValue) return oauthError(ctx, 400, 'invalid_request', 'Missing required parameter: code');
    const redirectUri = form.get('redirect_uri');
    if (!redirectUri) return oauthError(ctx, 400, 'invalid_request', 'Missing parameter: redirect_uri');
    if (!client.redirectUris.includes(redirectUri))
      return oauthError(ctx, 400, 'redirect_uri_mismatch', 'Bad Request');
    if (!codeValue.startsWith('4/')) return oauthError(ctx, 400, 'invalid_grant', 'Malformed auth code.');
    const code = codes.get(codeValue);
    if (!code || code.used || Date.now() > code.expiresAt || code.clientId !== clientId)
      return oauthError(ctx, 400, 'invalid_grant', 'Bad Request');
    if (code.redirectUri !== redirectUri) return oauthError(ctx, 400, 'invalid_grant', 'Bad Request');
    const verifier = form.get('code_verifier');
    if (!verifier) return oauthError(ctx, 400, 'invalid_grant', 'Missing code verifier.');
    if (!PKCE_VALUE.test(verifier) || s256(verifier) !== code.challenge)
      return oauthError(ctx, 400, 'invalid_grant', 'Bad Request');
    code.used = true;
    const grant: Grant = { clientId, account: code.account, scope: code.scope, revoked: false };
    const refreshToken = `1//0${randomBytes(75).toString('base64url')}`;
    refreshTokens.set(refreshToken, grant);
    oauthJson(ctx, 200, {
      access_token: issueAccessToken(grant),
      expires_in: tokenLifetime,
      refresh_token: refreshToken,
      scope: grant.scope,
      token_type: 'Bearer',
    });
  };

  const handleRevoke = (ctx: Ctx) => {
    if (ctx.req.method !== 'POST' && ctx.req.method !== 'GET') return htmlNotFound(ctx);
    const token = readForm(ctx).get('token') ?? ctx.url.searchParams.get('token');
    const grant = token ? (refreshTokens.get(token) ?? accessTokens.get(token)?.grant) : undefined;
    if (!grant || grant.revoked) return oauthError(ctx, 400, 'invalid_token', 'Token expired or revoked');
    grant.revoked = true;
    oauthJson(ctx, 200, {});
  };

  // ---- Gmail: rendering ----

  const snippetOf = (part: MimePart) =>
    escapeSnippet(bodyText(part).replace(/\s+/g, ' ').trim().slice(0, 200));

  const minimal = (m: Message, part: MimePart) => ({
    id: m.id,
    threadId: m.threadId,
    labelIds: [...m.labelIds],
    snippet: snippetOf(part),
    sizeEstimate: m.bytes.length,
    historyId: String(m.historyId),
    internalDate: String(m.internalDate),
  });

  const attachmentIdOf = (m: Message, partId: string) =>
    `ANGjdJ${Buffer.from(`${m.id}.${partId}`).toString('base64url')}`;

  const renderPart = (m: Message, part: MimePart, partId: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {
      partId,
      mimeType: part.mimeType,
      filename: part.filename,
      headers: apiHeaders(part),
    };
    if (part.parts.length) {
      out.body = { size: 0 };
      out.parts = part.parts.map((p, i) => renderPart(m, p, partId ? `${partId}.${i}` : String(i)));
    } else if (part.filename) out.body = { attachmentId: attachmentIdOf(m, partId), size: part.body.length };
    else
      out.body = part.body.length
        ? { size: part.body.length, data: part.body.toString('base64url') }
        : { size: 0 };
    return out;
  };

  const partAt = (part: MimePart, partId: string): MimePart | undefined => {
    if (!partId) return part;
    let at: MimePart | undefined = part;
    for (const i of partId.split('.')) at = at?.parts[Number(i)];
    return at;
  };

  // ---- Gmail: handlers ----

  const handleProfile = (ctx: Ctx, account: Account) => {
    const messages = live(account);
    apiJson(ctx, 200, {
      emailAddress: account.email,
      messagesTotal: messages.length,
      threadsTotal: new Set(messages.map((m) => m.threadId)).size,
      historyId: String(account.historyId),
    });
  };

  const pageSizeOf = (ctx: Ctx): number | undefined => {
    const value = ctx.url.searchParams.get('maxResults');
    if (value === null) return 100;
    if (!/^\d+$/.test(value)) {
      invalidArgument(ctx, `Invalid value at 'max_results' (TYPE_UINT32), "${value}"`);
      return undefined;
    }
    return Math.min(Math.max(Number(value), 1), 500);
  };

  /** A matcher for Gmail's search terms, or the message for a term the stand-in does not know. */
  const searchOf = (
    account: Account,
    q: string,
  ): { test: (m: Message) => boolean; spamTrash: boolean } | { unsupported: string } => {
    const tests: ((m: Message) => boolean)[] = [];
    let spamTrash = false;
    const terms = q.match(/-?(?:[A-Za-z_]+:)?(?:"[^"]*"|\S+)/g) ?? [];
    const time = (value: string): number | null => {
      if (/^\d+$/.test(value)) return Number(value) * 1000;
      const d = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(value);
      return d ? pacificMidnight(Number(d[1]), Number(d[2]), Number(d[3])) : null;
    };
    const hasLabel = (m: Message, value: string) => {
      const v = value.toLowerCase();
      return m.labelIds.some((id) => {
        const name = labelName(account, id).toLowerCase();
        return id.toLowerCase() === v || name === v || name.replace(/[\s/]+/g, '-') === v;
      });
    };
    const IN: Record<string, string> = {
      inbox: 'INBOX',
      drafts: 'DRAFT',
      draft: 'DRAFT',
      sent: 'SENT',
      spam: 'SPAM',
      trash: 'TRASH',
      starred: 'STARRED',
      important: 'IMPORTANT',
      chats: 'CHAT',
    };
    for (const term of terms) {
      const negated = term.startsWith('-');
      const body = negated ? term.slice(1) : term;
      const colon = /^([A-Za-z_]+):(.*)$/.exec(body);
      const op = colon?.[1].toLowerCase() ?? '';
      const value = (colon ? colon[2] : body).replace(/^"(.*)"$/, '$1');
      let t: ((m: Message) => boolean) | null = null;
      if (!colon) {
        if (/^(OR|AND)$/.test(body) || /^[({]/.test(body)) return { unsupported: body };
        const needle = value.toLowerCase();
        t = (m) => {
          const r = root(m);
          return [
            decodedHeader(r, 'Subject'),
            decodedHeader(r, 'From'),
            decodedHeader(r, 'To'),
            bodyText(r),
          ].some((s) => s.toLowerCase().includes(needle));
        };
      } else if (['after', 'before', 'older', 'newer'].includes(op)) {
        const at = time(value);
        if (at === null) return { unsupported: term };
        t = op === 'after' || op === 'newer' ? (m) => m.internalDate >= at : (m) => m.internalDate < at;
      } else if (op === 'newer_than' || op === 'older_than') {
        const r = /^(\d+)([dmy])$/.exec(value);
        if (!r) return { unsupported: term };
        const days = Number(r[1]) * { d: 1, m: 30, y: 365 }[r[2] as 'd' | 'm' | 'y'];
        const at = Date.now() - days * 86_400_000;
        t = op === 'newer_than' ? (m) => m.internalDate >= at : (m) => m.internalDate < at;
      } else if (op === 'in') {
        const v = value.toLowerCase();
        if (v === 'anywhere') {
          if (!negated) spamTrash = true;
          continue;
        }
        const id = IN[v];
        if (!id) return { unsupported: term };
        if (!negated && (id === 'SPAM' || id === 'TRASH')) spamTrash = true;
        t = (m) => m.labelIds.includes(id);
      } else if (op === 'label') t = (m) => hasLabel(m, value);
      else if (op === 'is') {
        const v = value.toLowerCase();
        if (v === 'unread') t = (m) => m.labelIds.includes('UNREAD');
        else if (v === 'read') t = (m) => !m.labelIds.includes('UNREAD');
        else if (v === 'starred' || v === 'important') t = (m) => m.labelIds.includes(v.toUpperCase());
        else return { unsupported: term };
      } else if (['from', 'to', 'subject'].includes(op)) {
        const needle = value.toLowerCase();
        t = (m) => decodedHeader(root(m), op).toLowerCase().includes(needle);
      } else if (op === 'rfc822msgid') {
        const id = value.replace(/^<|>$/g, '');
        t = (m) => headerOf(root(m).headers, 'Message-ID').replace(/^<|>$/g, '') === id;
      } else if (op === 'has' && value.toLowerCase() === 'attachment')
        t = (m) => leaves(root(m)).some((p) => !!p.filename);
      else return { unsupported: term };
      const test = t;
      tests.push(negated ? (m) => !test(m) : test);
    }
    return { test: (m) => tests.every((t) => t(m)), spamTrash };
  };

  const handleList = (ctx: Ctx, account: Account) => {
    const q = ctx.url.searchParams;
    const size = pageSizeOf(ctx);
    if (size === undefined) return;
    const pageToken = q.get('pageToken');
    let page: { snapshot: ListSnapshot; offset: number } | undefined;
    if (pageToken !== null) {
      page = listSnapshots.get(pageToken);
      if (!page || page.snapshot.account !== account) return invalidArgument(ctx, 'Invalid pageToken');
    } else {
      const search = searchOf(account, q.get('q') ?? '');
      if ('unsupported' in search)
        return invalidArgument(
          ctx,
          `google stand-in: the search term '${search.unsupported}' is not supported`,
        );
      const labelIds = q.getAll('labelIds');
      const spamTrash = search.spamTrash || q.get('includeSpamTrash') === 'true';
      const ids = live(account)
        .filter(
          (m) =>
            (spamTrash ||
              labelIds.includes('SPAM') ||
              labelIds.includes('TRASH') ||
              !m.labelIds.some((l) => l === 'SPAM' || l === 'TRASH')) &&
            labelIds.every((l) => m.labelIds.includes(l)) &&
            search.test(m),
        )
        .sort((a, b) => b.internalDate - a.internalDate || b.seq - a.seq)
        .map((m) => ({ id: m.id, threadId: m.threadId }));
      page = { snapshot: { account, ids, next: new Map() }, offset: 0 };
    }
    const { snapshot, offset } = page;
    const body: Record<string, unknown> = {};
    const slice = snapshot.ids.slice(offset, offset + size);
    if (slice.length) body.messages = slice.map((m) => ({ ...m }));
    if (offset + size < snapshot.ids.length) {
      let next = snapshot.next.get(offset + size);
      if (!next) {
        next = randomDigits(20);
        snapshot.next.set(offset + size, next);
        listSnapshots.set(next, { snapshot, offset: offset + size });
      }
      body.nextPageToken = next;
    }
    body.resultSizeEstimate = snapshot.ids.length;
    apiJson(ctx, 200, body);
  };

  const handleGet = (ctx: Ctx, account: Account, m: Message, scopes: string[]) => {
    const q = ctx.url.searchParams;
    const format = (q.get('format') ?? 'full').toLowerCase();
    if (!['minimal', 'full', 'raw', 'metadata'].includes(format))
      return invalidArgument(
        ctx,
        `Invalid value at 'format' (type.googleapis.com/google.apps.gmail.v1.UsersMessagesGetRequest.Format), "${q.get('format')}"`,
      );
    if (
      (format === 'raw' || format === 'full') &&
      !scopes.some((s) => s === FULL || s === MODIFY || s === READONLY)
    )
      return apiError(
        ctx,
        403,
        'PERMISSION_DENIED',
        `Metadata scope doesn't allow format ${format.toUpperCase()}`,
        'forbidden',
      );
    const part = root(m);
    const out: Record<string, unknown> = minimal(m, part);
    if (format === 'raw') out.raw = m.bytes.toString('base64url');
    if (format === 'metadata') {
      const wanted = q.getAll('metadataHeaders').map((h) => h.toLowerCase());
      out.payload = {
        mimeType: part.mimeType,
        headers: apiHeaders(part).filter((h) => !wanted.length || wanted.includes(h.name.toLowerCase())),
      };
    }
    if (format === 'full') out.payload = renderPart(m, part, '');
    apiJson(ctx, 200, out);
  };

  const handleAttachment = (ctx: Ctx, m: Message, attachmentId: string) => {
    const decoded = attachmentId.startsWith('ANGjdJ')
      ? Buffer.from(attachmentId.slice(6), 'base64url').toString('utf8')
      : '';
    const dot = decoded.indexOf('.');
    const part =
      dot > 0 && decoded.slice(0, dot) === m.id ? partAt(root(m), decoded.slice(dot + 1)) : undefined;
    if (!part || part.parts.length) return invalidArgument(ctx, 'Invalid attachment token');
    apiJson(ctx, 200, { attachmentId, size: part.body.length, data: part.body.toString('base64url') });
  };

  /** The JSON body, or undefined when refused (answered already); `known` its allowed field names. */
  const readJson = (ctx: Ctx, known: string[]): Record<string, unknown> | undefined => {
    let value: unknown;
    try {
      value = ctx.entry.body.trim() ? JSON.parse(ctx.entry.body) : {};
    } catch (error) {
      invalidArgument(ctx, `Invalid JSON payload received. ${(error as Error).message}`, 'invalid');
      return undefined;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      invalidArgument(ctx, 'Invalid JSON payload received. Expected an object.', 'invalid');
      return undefined;
    }
    for (const key of Object.keys(value))
      if (!known.includes(key)) {
        invalidArgument(
          ctx,
          `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`,
          'invalid',
        );
        return undefined;
      }
    return value as Record<string, unknown>;
  };
  const isStringArray = (v: unknown): v is string[] =>
    Array.isArray(v) && v.every((s) => typeof s === 'string');

  const handleModify = (ctx: Ctx, account: Account, m: Message) => {
    const body = readJson(ctx, ['addLabelIds', 'removeLabelIds']);
    if (!body) return;
    for (const key of ['addLabelIds', 'removeLabelIds'])
      if (body[key] !== undefined && !isStringArray(body[key]))
        return invalidArgument(
          ctx,
          `Invalid value at '${key === 'addLabelIds' ? 'add_label_ids' : 'remove_label_ids'}' (TYPE_STRING)`,
        );
    const add = (body.addLabelIds as string[] | undefined) ?? [];
    const remove = (body.removeLabelIds as string[] | undefined) ?? [];
    if (!add.length && !remove.length) return invalidArgument(ctx, 'No label add or removes specified');
    for (const id of [...add, ...remove])
      if (!account.labels.has(id)) return invalidArgument(ctx, `Invalid label: ${id}`);
    const before = [...m.labelIds];
    const added = [...new Set(add)].filter((id) => !before.includes(id) && !remove.includes(id));
    const removed = [...new Set(remove)].filter((id) => before.includes(id));
    if (added.length || removed.length) {
      m.labelIds = [...before.filter((id) => !removed.includes(id)), ...added];
      m.historyId = record(account, {
        message: { id: m.id, threadId: m.threadId },
        labelIds: [...m.labelIds],
        anyLabelIds: [...new Set([...before, ...m.labelIds])],
        ...(added.length ? { labelsAdded: added } : {}),
        ...(removed.length ? { labelsRemoved: removed } : {}),
      });
    }
    apiJson(ctx, 200, { id: m.id, threadId: m.threadId, labelIds: [...m.labelIds] });
  };

  const publicLabel = (label: Label, counts?: Account): Record<string, unknown> => {
    const out: Record<string, unknown> = { id: label.id, name: label.name };
    if (label.messageListVisibility) out.messageListVisibility = label.messageListVisibility;
    if (label.labelListVisibility) out.labelListVisibility = label.labelListVisibility;
    out.type = label.type;
    if (label.color) out.color = label.color;
    if (counts) {
      const withLabel = live(counts).filter((m) => m.labelIds.includes(label.id));
      const unread = withLabel.filter((m) => m.labelIds.includes('UNREAD'));
      out.messagesTotal = withLabel.length;
      out.messagesUnread = unread.length;
      out.threadsTotal = new Set(withLabel.map((m) => m.threadId)).size;
      out.threadsUnread = new Set(unread.map((m) => m.threadId)).size;
    }
    return out;
  };

  const handleCreateLabel = (ctx: Ctx, account: Account) => {
    const body = readJson(ctx, [
      'id',
      'name',
      'messageListVisibility',
      'labelListVisibility',
      'type',
      'messagesTotal',
      'messagesUnread',
      'threadsTotal',
      'threadsUnread',
      'color',
    ]);
    if (!body) return;
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!name || name.length > 225) return invalidArgument(ctx, 'Invalid label name');
    const { labelListVisibility: llv, messageListVisibility: mlv } = body;
    if (llv !== undefined && !LABEL_LIST_VISIBILITIES.includes(llv as string))
      return invalidArgument(
        ctx,
        `Invalid value at 'label.label_list_visibility' (type.googleapis.com/google.apps.gmail.v1.Label.LabelListVisibility), "${String(llv)}"`,
      );
    if (mlv !== undefined && !MESSAGE_LIST_VISIBILITIES.includes(mlv as string))
      return invalidArgument(
        ctx,
        `Invalid value at 'label.message_list_visibility' (type.googleapis.com/google.apps.gmail.v1.Label.MessageListVisibility), "${String(mlv)}"`,
      );
    const lower = name.toLowerCase();
    if ([...account.labels.values()].some((l) => l.name.toLowerCase() === lower))
      return apiError(ctx, 409, 'ALREADY_EXISTS', 'Label name exists or conflicts', 'duplicate');
    const label: Label = {
      id: `Label_${++account.labelSeq}`,
      name,
      type: 'user',
      ...(mlv !== undefined ? { messageListVisibility: mlv as Label['messageListVisibility'] } : {}),
      ...(llv !== undefined ? { labelListVisibility: llv as Label['labelListVisibility'] } : {}),
      ...(body.color !== undefined ? { color: body.color } : {}),
    };
    account.labels.set(label.id, label);
    apiJson(ctx, 200, publicLabel(label));
  };

  const threadMessages = (account: Account, threadId: string) =>
    live(account).filter((m) => m.threadId === threadId);

  const handleCreateDraft = (ctx: Ctx, account: Account) => {
    const body = readJson(ctx, ['id', 'message']);
    if (!body) return;
    const message = body.message;
    if (message !== undefined && (typeof message !== 'object' || message === null || Array.isArray(message)))
      return invalidArgument(
        ctx,
        "Invalid JSON payload received. Invalid value at 'draft.message'.",
        'invalid',
      );
    const { raw, threadId } = (message ?? {}) as { raw?: unknown; threadId?: unknown };
    if (typeof raw !== 'string' || !raw)
      return invalidArgument(
        ctx,
        "'raw' RFC822 payload message string or uploading message via /upload/* URL required",
        'invalidArgument',
      );
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(raw))
      return invalidArgument(
        ctx,
        `Invalid value at 'draft.message.raw' (TYPE_BYTES), Base64 decoding failed for "${raw.slice(0, 40)}"`,
        'invalid',
      );
    if (threadId !== undefined && (typeof threadId !== 'string' || !/^[0-9a-f]{1,16}$/.test(threadId)))
      return invalidArgument(ctx, 'Invalid thread_id value');
    const bytes = Buffer.from(raw, 'base64');
    const part = parseMime(bytes.toString('latin1'));
    let thread: string | null = null;
    if (typeof threadId === 'string') {
      const inThread = threadMessages(account, threadId);
      if (!inThread.length) return notFound(ctx);
      // Gmail's rule: the References or In-Reply-To header names a message of the thread, the Subject matches.
      const named = [
        ...messageIdsIn(headerOf(part.headers, 'References')),
        ...messageIdsIn(headerOf(part.headers, 'In-Reply-To')),
      ];
      const key = subjectKey(decodedHeader(part, 'Subject'));
      if (
        inThread.some(
          (m) =>
            named.includes(headerOf(root(m).headers, 'Message-ID')) &&
            subjectKey(decodedHeader(root(m), 'Subject')) === key,
        )
      )
        thread = threadId;
    }
    const id = newMessageId();
    const m: Message = {
      id,
      threadId: thread ?? id,
      labelIds: ['DRAFT'],
      bytes,
      internalDate: Date.now(),
      historyId: 0,
      seq: ++seq,
    };
    account.messages.set(id, m);
    m.historyId = record(account, {
      message: { id, threadId: m.threadId },
      labelIds: ['DRAFT'],
      anyLabelIds: ['DRAFT'],
      added: true,
    });
    const draft: Draft = {
      id: `r${randomDigits(19)}`,
      messageId: id,
      requestedThreadId: typeof threadId === 'string' ? threadId : null,
    };
    account.drafts.set(draft.id, draft);
    apiJson(ctx, 200, { id: draft.id, message: { id, threadId: m.threadId, labelIds: ['DRAFT'] } });
  };

  const handleHistory = (ctx: Ctx, account: Account) => {
    const q = ctx.url.searchParams;
    const start = q.get('startHistoryId');
    if (start === null) return invalidArgument(ctx, 'Missing required parameter: startHistoryId');
    if (!/^\d+$/.test(start))
      return invalidArgument(ctx, `Invalid value at 'start_history_id' (TYPE_UINT64), "${start}"`);
    if (Number(start) < account.oldestHistoryId) return notFound(ctx);
    const types = q.getAll('historyTypes');
    for (const [i, t] of types.entries())
      if (!HISTORY_TYPES.includes(t as HistoryType))
        return invalidArgument(
          ctx,
          `Invalid value at 'history_types[${i}]' (type.googleapis.com/google.apps.gmail.v1.ListHistoryRequest.HistoryType), "${t}"`,
        );
    const size = pageSizeOf(ctx);
    if (size === undefined) return;
    const labelId = q.get('labelId');
    const key = JSON.stringify([start, [...types].sort(), labelId]);
    let after = Number(start);
    const pageToken = q.get('pageToken');
    if (pageToken !== null) {
      const cursor = historyCursors.get(pageToken);
      if (!cursor || cursor.account !== account || cursor.key !== key)
        return invalidArgument(ctx, 'Invalid pageToken');
      after = cursor.after;
    }
    const want = (t: HistoryType) => !types.length || types.includes(t);
    const rendered: { id: number; body: Record<string, unknown> }[] = [];
    for (const r of account.history) {
      if (r.id <= after) continue;
      if (labelId !== null && !r.anyLabelIds.includes(labelId)) continue;
      const message = { id: r.message.id, threadId: r.message.threadId };
      const withLabels = { ...message, labelIds: [...r.labelIds] };
      const body: Record<string, unknown> = { id: String(r.id), messages: [message] };
      if (r.added && want('messageAdded')) body.messagesAdded = [{ message: withLabels }];
      if (r.deleted && want('messageDeleted')) body.messagesDeleted = [{ message: withLabels }];
      if (r.labelsAdded && want('labelAdded'))
        body.labelsAdded = [{ message: withLabels, labelIds: [...r.labelsAdded] }];
      if (r.labelsRemoved && want('labelRemoved'))
        body.labelsRemoved = [{ message: withLabels, labelIds: [...r.labelsRemoved] }];
      if (Object.keys(body).length > 2) rendered.push({ id: r.id, body });
      if (rendered.length > size) break;
    }
    const out: Record<string, unknown> = {};
    const page = rendered.slice(0, size);
    if (page.length) out.history = page.map((r) => r.body);
    if (rendered.length > size) {
      const token = randomDigits(20);
      historyCursors.set(token, { account, after: page[page.length - 1].id, key });
      out.nextPageToken = token;
    }
    out.historyId = String(account.historyId);
    apiJson(ctx, 200, out);
  };

  // ---- Gmail: routing ----

  const handleGmail = (ctx: Ctx, segments: string[]) => {
    const fault = faults.shift();
    if (fault) {
      const retry: Record<string, string> =
        fault.retryAfterSeconds === null ? {} : { 'Retry-After': String(fault.retryAfterSeconds) };
      if (fault.status === 503)
        return apiError(
          ctx,
          503,
          'UNAVAILABLE',
          'The service is currently unavailable.',
          'backendError',
          'global',
          retry,
        );
      if (fault.status === 500)
        return apiError(ctx, 500, 'INTERNAL', 'Backend Error', 'backendError', 'global', retry);
      const until = new Date(Date.now() + (fault.retryAfterSeconds ?? 1) * 1000).toISOString();
      if (fault.status === 429)
        return fault.reason === 'userRateLimitExceeded'
          ? apiError(
              ctx,
              429,
              'RESOURCE_EXHAUSTED',
              'User Rate Limit Exceeded',
              'userRateLimitExceeded',
              'usageLimits',
              retry,
            )
          : apiError(
              ctx,
              429,
              'RESOURCE_EXHAUSTED',
              `User-rate limit exceeded.  Retry after ${until}`,
              'rateLimitExceeded',
              'global',
              retry,
            );
      return fault.reason === 'rateLimitExceeded'
        ? apiError(
            ctx,
            403,
            'PERMISSION_DENIED',
            'Rate Limit Exceeded',
            'rateLimitExceeded',
            'usageLimits',
            retry,
          )
        : apiError(
            ctx,
            403,
            'PERMISSION_DENIED',
            'User Rate Limit Exceeded',
            'userRateLimitExceeded',
            'usageLimits',
            retry,
          );
    }

    // /gmail/v1/users/{userId}/…
    const method = ctx.req.method ?? 'GET';
    if (segments[0] !== 'v1' || segments[1] !== 'users' || segments.length < 4) return htmlNotFound(ctx);
    const userId = segments[2];
    const rest = segments.slice(3);
    type Route =
      | 'profile'
      | 'list'
      | 'get'
      | 'modify'
      | 'attachment'
      | 'history'
      | 'labels'
      | 'createLabel'
      | 'getLabel'
      | 'createDraft';
    const route = ((): Route | null => {
      const [a, b, c, d] = rest;
      const n = rest.length;
      if (method === 'GET' && n === 1 && a === 'profile') return 'profile';
      if (method === 'GET' && n === 1 && a === 'messages') return 'list';
      if (method === 'GET' && n === 2 && a === 'messages') return 'get';
      if (method === 'POST' && n === 3 && a === 'messages' && c === 'modify') return 'modify';
      if (method === 'GET' && n === 4 && a === 'messages' && c === 'attachments' && d) return 'attachment';
      if (method === 'GET' && n === 1 && a === 'history') return 'history';
      if (method === 'GET' && n === 1 && a === 'labels') return 'labels';
      if (method === 'POST' && n === 1 && a === 'labels') return 'createLabel';
      if (method === 'GET' && n === 2 && a === 'labels' && b) return 'getLabel';
      if (method === 'POST' && n === 1 && a === 'drafts') return 'createDraft';
      return null;
    })();
    if (!route) return htmlNotFound(ctx);

    const unauthenticated = (message: string, reason: string) =>
      apiError(ctx, 401, 'UNAUTHENTICATED', message, reason, 'global', {
        'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
      });
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(ctx.req.headers.authorization ?? '');
    if (!bearer)
      return unauthenticated(
        `Request is missing required authentication credential. ${UNAUTHENTICATED_SUFFIX}`,
        'required',
      );
    const token = accessTokens.get(bearer[1]);
    if (!token || token.expired || token.grant.revoked || Date.now() >= token.expiresAt)
      return unauthenticated(
        `Request had invalid authentication credentials. ${UNAUTHENTICATED_SUFFIX}`,
        'authError',
      );
    const account = accounts.get(token.grant.account);
    if (!account)
      return unauthenticated(
        `Request had invalid authentication credentials. ${UNAUTHENTICATED_SUFFIX}`,
        'authError',
      );
    if (userId !== 'me' && userId.toLowerCase() !== account.email.toLowerCase())
      return apiError(ctx, 403, 'PERMISSION_DENIED', `Delegation denied for ${account.email}`, 'forbidden');

    const scopes = token.grant.scope.split(' ');
    const need: readonly string[] =
      route === 'labels' || route === 'getLabel'
        ? SCOPES_FOR.labels
        : route === 'createLabel'
          ? SCOPES_FOR.createLabel
          : route === 'modify'
            ? SCOPES_FOR.modify
            : route === 'createDraft'
              ? SCOPES_FOR.draft
              : SCOPES_FOR.read;
    if (!scopes.some((s) => need.includes(s)))
      return apiError(
        ctx,
        403,
        'PERMISSION_DENIED',
        'Request had insufficient authentication scopes.',
        'insufficientPermissions',
        'global',
        {
          'WWW-Authenticate': `Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="${need.join(' ')}"`,
        },
      );
    const metadataOnly = !scopes.some((s) => s === FULL || s === MODIFY || s === READONLY);
    if (route === 'list' && metadataOnly && ctx.url.searchParams.get('q'))
      return apiError(
        ctx,
        403,
        'PERMISSION_DENIED',
        "Metadata scope does not support 'q' parameter",
        'forbidden',
      );

    if (route === 'profile') return handleProfile(ctx, account);
    if (route === 'list') return handleList(ctx, account);
    if (route === 'history') return handleHistory(ctx, account);
    if (route === 'labels')
      return apiJson(ctx, 200, { labels: [...account.labels.values()].map((l) => publicLabel(l)) });
    if (route === 'createLabel') return handleCreateLabel(ctx, account);
    if (route === 'getLabel') {
      const label = account.labels.get(rest[1]);
      return label ? apiJson(ctx, 200, publicLabel(label, account)) : notFound(ctx);
    }
    if (route === 'createDraft') return handleCreateDraft(ctx, account);

    const id = rest[1];
    if (!/^[0-9a-f]{1,16}$/.test(id)) return invalidArgument(ctx, 'Invalid id value');
    const message = account.messages.get(id);
    if (!message) return notFound(ctx);
    if (route === 'get') return handleGet(ctx, account, message, scopes);
    if (route === 'attachment') return handleAttachment(ctx, message, rest[3]);
    return handleModify(ctx, account, message);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    const segments = url.pathname.split('/').filter(Boolean).map(decodeSegment);
    const query: Record<string, string> = {};
    const queryAll: Record<string, string[]> = {};
    for (const [name, value] of url.searchParams) {
      query[name] ??= value;
      (queryAll[name] ??= []).push(value);
    }
    const entry: LoggedRequest = {
      method: req.method ?? 'GET',
      path: `/${segments.join('/')}`,
      query,
      queryAll,
      headers: { ...req.headers },
      body: await readBody(req),
    };
    requests.push(entry);
    const ctx: Ctx = { req, res, entry, url };
    const [first, ...rest] = segments;
    if (first === 'token' && rest.length === 0) return handleToken(ctx);
    if (first === 'revoke' && rest.length === 0) return handleRevoke(ctx);
    if (first === 'gmail') return handleGmail(ctx, rest);
    htmlNotFound(ctx);
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

  const publicMessage = (account: Account, m: Message): GmailStandinMessage => {
    const part = root(m);
    return {
      id: m.id,
      threadId: m.threadId,
      labelIds: [...m.labelIds],
      labels: m.labelIds.map((id) => labelName(account, id)),
      internalDate: String(m.internalDate),
      historyId: String(m.historyId),
      subject: decodedHeader(part, 'Subject'),
      from: decodedHeader(part, 'From'),
      to: decodedHeader(part, 'To'),
      messageId: headerOf(part.headers, 'Message-ID'),
      text: bodyText(part),
      snippet: snippetOf(part),
      raw: m.bytes.toString('utf8'),
      sizeEstimate: m.bytes.length,
    };
  };

  const deliver = (email: string, delivery: GmailDelivery): GmailStandinMessage => {
    const account = accountOf(email);
    const from = parseAddress(delivery.from);
    const to = parseAddress(delivery.to ?? account.email);
    const date = delivery.internalDate === undefined ? new Date() : new Date(delivery.internalDate);
    if (Number.isNaN(date.getTime())) throw new Error('google stand-in: bad internalDate');
    const given = delivery.messageId?.trim();
    const messageId = given
      ? given.startsWith('<')
        ? given
        : `<${given}>`
      : `<${randomBytes(16).toString('hex')}@${from.address.split('@')[1] ?? 'example.org'}>`;
    let inReplyTo: string | undefined;
    let references: string | undefined;
    if (delivery.threadId) {
      const inThread = threadMessages(account, delivery.threadId).sort((a, b) => a.seq - b.seq);
      if (!inThread.length) throw new Error(`google stand-in: no thread ${delivery.threadId} in ${email}`);
      const last = root(inThread[inThread.length - 1]);
      inReplyTo = headerOf(last.headers, 'Message-ID');
      references = [headerOf(last.headers, 'References'), inReplyTo].filter(Boolean).join(' ');
    }
    const labelIds = delivery.labelIds ?? ['INBOX', 'UNREAD'];
    for (const id of labelIds)
      if (!account.labels.has(id)) throw new Error(`google stand-in: no label ${id} in ${email}`);
    const mime = composeMime({
      from,
      to,
      replyTo: delivery.replyTo ? parseAddress(delivery.replyTo) : undefined,
      subject: delivery.subject,
      date,
      messageId,
      inReplyTo,
      references,
      text: delivery.text,
      attachments: delivery.attachments ?? [],
    });
    const id = newMessageId();
    const m: Message = {
      id,
      threadId: delivery.threadId ?? id,
      labelIds: [...labelIds],
      bytes: Buffer.from(mime, 'utf8'),
      internalDate: date.getTime(),
      historyId: 0,
      seq: ++seq,
    };
    account.messages.set(id, m);
    m.historyId = record(account, {
      message: { id, threadId: m.threadId },
      labelIds: [...labelIds],
      anyLabelIds: [...labelIds],
      added: true,
    });
    return publicMessage(account, m);
  };

  return {
    authUrl: `${origin}/o/oauth2/v2/auth`,
    tokenUrl: `${origin}/token`,
    revokeUrl: `${origin}/revoke`,
    gmailBaseUrl: `${origin}/gmail/v1`,
    requests,
    addClient: ({ clientId, clientSecret, redirectUris }) => {
      clients.set(clientId, { clientId, clientSecret, redirectUris: [...redirectUris] });
    },
    addAccount: (email) => {
      const labels = new Map<string, Label>(
        SYSTEM_LABELS.map((id) => [
          id,
          {
            id,
            name: id,
            type: 'system' as const,
            ...(id === 'INBOX' || id === 'SENT' || id === 'DRAFT'
              ? { messageListVisibility: 'hide' as const, labelListVisibility: 'labelShow' as const }
              : {}),
          },
        ]),
      );
      const start = randomInt(1_000_000, 9_000_000);
      accounts.set(email.toLowerCase(), {
        email,
        messages: new Map(),
        drafts: new Map(),
        labels,
        labelSeq: 0,
        historyId: start,
        oldestHistoryId: start,
        history: [],
      });
    },
    authorize,
    revokeGrant: (email, clientId) => {
      const key = accountOf(email).email.toLowerCase();
      for (const grant of [...refreshTokens.values(), ...[...accessTokens.values()].map((t) => t.grant)])
        if (grant.account === key && (clientId === undefined || grant.clientId === clientId))
          grant.revoked = true;
    },
    expireTokens: () => {
      for (const token of accessTokens.values()) token.expired = true;
    },
    expireHistory: (email) => {
      for (const account of email === undefined ? accounts.values() : [accountOf(email)]) {
        account.oldestHistoryId = account.historyId;
        account.history = [];
      }
    },
    accountOfToken: (token) => {
      const grant = accessTokens.get(token)?.grant ?? refreshTokens.get(token);
      return grant ? accounts.get(grant.account)?.email : undefined;
    },
    deliver,
    remove: (email, id) => {
      const account = accountOf(email);
      const draft = account.drafts.get(id) ?? [...account.drafts.values()].find((d) => d.messageId === id);
      const m = account.messages.get(draft?.messageId ?? id);
      if (!m) throw new Error(`google stand-in: no message ${id} in ${email}`);
      if (draft) account.drafts.delete(draft.id);
      account.messages.delete(m.id);
      record(account, {
        message: { id: m.id, threadId: m.threadId },
        labelIds: [...m.labelIds],
        anyLabelIds: [...m.labelIds],
        deleted: true,
      });
    },
    messages: (email) => {
      const account = accountOf(email);
      return live(account)
        .filter((m) => !m.labelIds.includes('DRAFT'))
        .sort((a, b) => a.seq - b.seq)
        .map((m) => publicMessage(account, m));
    },
    drafts: (email) => {
      const account = accountOf(email);
      return [...account.drafts.values()].flatMap((d): GmailStandinDraft[] => {
        const m = account.messages.get(d.messageId);
        if (!m) return [];
        const part = root(m);
        return [
          {
            id: d.id,
            messageId: m.id,
            threadId: m.threadId,
            requestedThreadId: d.requestedThreadId,
            labelIds: [...m.labelIds],
            raw: m.bytes.toString('utf8'),
            subject: decodedHeader(part, 'Subject'),
            to: decodedHeader(part, 'To'),
            inReplyTo: headerOf(part.headers, 'In-Reply-To'),
            references: headerOf(part.headers, 'References'),
            text: bodyText(part),
          },
        ];
      });
    },
    labels: (email) =>
      [...accountOf(email).labels.values()].map(({ color: _color, ...label }) => ({ ...label })),
    historyId: (email) => String(accountOf(email).historyId),
    failNext: (count, { status = 429, retryAfterSeconds = 1, reason } = {}) => {
      for (let i = 0; i < count; i++) faults.push({ status, retryAfterSeconds, reason });
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
};
