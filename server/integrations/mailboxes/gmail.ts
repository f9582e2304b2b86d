import { createHash, randomBytes } from 'node:crypto';
import type { ConnectorProblem, GmailSettings } from '../../../schemas/contracts/connectors';
import { isBlacklisted } from './rules';
import {
  ConnectorFailure,
  messageKey,
  type FetchBatch,
  type FetchedMessage,
  type FetchWindow,
  type MailboxSession,
  type MessageLocation,
} from './session';

// A Gmail mailbox through the Gmail API v1 (docs/connectors.md "Gmail"): the user's grant by
// OAuth 2.0 authorization code with PKCE (RFC 7636), the refresh token kept sealed and exchanged
// for access tokens; the first run lists the inbox since the start date (`messages.list`, its page
// token as the cursor), later runs read what was added since the last history id
// (`history.list`); labels by `messages.modify`, reply drafts by `drafts.create`.

export interface GoogleEndpoints {
  authUrl: string;
  tokenUrl: string;
  gmailBaseUrl: string;
}

/** The OAuth client a connector uses: its own (custom credentials) or the platform's. */
export interface GoogleClient {
  id: string;
  secret: string;
  redirectUri: string;
}

export interface GmailAccess {
  settings: GmailSettings;
  client: GoogleClient;
  refreshToken: string;
  endpoints: GoogleEndpoints;
  timeoutMs: number;
}

const SCOPE = 'https://www.googleapis.com/auth/gmail.modify';
const MAX_WAIT_SECONDS = 30;
const RETRIES = 4;
const PAGE_SIZE = 50;

type GmailLocation = MessageLocation & { id: string; threadId: string };

/** A PKCE pair (RFC 7636 S256) and a state, for one consent page. */
export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return {
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
    state: randomBytes(24).toString('base64url'),
  };
};

/** Google's consent page for the connector's user: offline access (a refresh token), consent asked again. */
export const consentUrl = (
  endpoints: GoogleEndpoints,
  client: GoogleClient,
  settings: GmailSettings,
  flow: { state: string; challenge: string },
) =>
  `${endpoints.authUrl}?${new URLSearchParams({
    client_id: client.id,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: SCOPE,
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    login_hint: settings.user,
    state: flow.state,
    code_challenge: flow.challenge,
    code_challenge_method: 'S256',
  })}`;

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

const postToken = async (endpoints: GoogleEndpoints, form: Record<string, string>, timeoutMs: number) => {
  let response: Response;
  try {
    response = await fetch(endpoints.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new ConnectorFailure('GMAIL_UNREACHABLE', `Google could not be reached: ${(err as Error).message}`);
  }
  return { status: response.status, answer: (await response.json().catch(() => ({}))) as TokenAnswer };
};

/** The code the callback brought, exchanged for tokens; answers null when Google refuses it. */
export const exchangeCode = async (
  endpoints: GoogleEndpoints,
  client: GoogleClient,
  code: string,
  verifier: string,
  timeoutMs: number,
) => {
  const { answer } = await postToken(
    endpoints,
    {
      grant_type: 'authorization_code',
      code,
      client_id: client.id,
      client_secret: client.secret,
      redirect_uri: client.redirectUri,
      code_verifier: verifier,
    },
    timeoutMs,
  );
  if (!answer.access_token || !answer.refresh_token)
    return { refused: answer.error ?? 'no refresh token' } as const;
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: new Date(Date.now() + (answer.expires_in ?? 3599) * 1000),
  } as const;
};

/** Access tokens by refresh token, kept until five minutes before they expire. */
const tokens = new Map<string, { token: string; expiresAt: number }>();

/** An access token for the grant; a revoked or expired grant is GMAIL_REAUTHORIZE. */
export const gmailToken = async (access: GmailAccess, fresh = false) => {
  const key = createHash('sha256').update(access.refreshToken).digest('hex');
  const kept = tokens.get(key);
  if (!fresh && kept && kept.expiresAt - 300_000 > Date.now()) return kept;
  const { status, answer } = await postToken(
    access.endpoints,
    {
      grant_type: 'refresh_token',
      refresh_token: access.refreshToken,
      client_id: access.client.id,
      client_secret: access.client.secret,
    },
    access.timeoutMs,
  );
  if (!answer.access_token) {
    if (answer.error === 'invalid_grant')
      throw new ConnectorFailure(
        'GMAIL_REAUTHORIZE',
        `Google refused the grant (${answer.error_description ?? 'invalid_grant'}): authorize the connector again`,
        { user: access.settings.user },
      );
    throw new ConnectorFailure(
      'GMAIL_AUTH_FAILED',
      `Google refused the OAuth client (${status} ${answer.error ?? ''}): check its id and secret`,
      { user: access.settings.user },
    );
  }
  const got = { token: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 3599) * 1000 };
  tokens.set(key, got);
  return got;
};

interface GoogleError {
  error?: { code?: number; message?: string; status?: string; errors?: { reason?: string }[] };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One Gmail API call: a 401 renews the token once, 429 and rate-limit 403s wait for their Retry-After. */
const gmailCall = async (
  access: GmailAccess,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Response> => {
  let renewed = false;
  for (let attempt = 0; ; attempt++) {
    const { token } = await gmailToken(access, renewed);
    let response: Response;
    try {
      response = await fetch(`${access.endpoints.gmailBaseUrl}/users/me/${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(access.timeoutMs),
      });
    } catch (err) {
      throw new ConnectorFailure(
        'GMAIL_UNREACHABLE',
        `The Gmail API could not be reached: ${(err as Error).message}`,
      );
    }
    if (response.ok || response.status === 404) return response;
    const body = (await response.json().catch(() => ({}))) as GoogleError;
    const reason = body.error?.errors?.[0]?.reason ?? body.error?.status ?? String(response.status);
    const message = body.error?.message ?? response.statusText;
    if (response.status === 401 && !renewed) {
      renewed = true;
      continue;
    }
    const rateLimited =
      response.status === 429 || response.status === 503 || /rateLimitExceeded/.test(reason);
    if (rateLimited) {
      const seconds = Number(response.headers.get('retry-after') ?? 10) || 10;
      if (seconds <= MAX_WAIT_SECONDS && attempt < RETRIES) {
        await sleep(seconds * 1000);
        continue;
      }
      throw new ConnectorFailure(
        'GMAIL_THROTTLED',
        `Gmail asks to wait ${seconds} s (${reason})`,
        { seconds },
        seconds,
      );
    }
    if (response.status === 401)
      throw new ConnectorFailure('GMAIL_REAUTHORIZE', `Google refused the token: ${message}`, {
        user: access.settings.user,
      });
    if (response.status === 403)
      throw new ConnectorFailure('GMAIL_FORBIDDEN', `Gmail refused the access: ${message}`, {
        user: access.settings.user,
      });
    throw new ConnectorFailure(
      'GMAIL_REQUEST_FAILED',
      `The Gmail API answered ${response.status} ${reason}: ${message}`,
      {
        status: response.status,
        code: reason,
      },
    );
  }
};

const json = async <T>(response: Response) => (await response.json()) as T;

/** The account the grant is for (checked against the connector's user at the callback). */
export const gmailProfile = async (access: GmailAccess) =>
  json<{ emailAddress: string; messagesTotal?: number; historyId: string }>(
    await gmailCall(access, 'profile'),
  );

interface Metadata {
  id: string;
  threadId: string;
  internalDate?: string;
  sizeEstimate?: number;
  payload?: { headers?: { name: string; value: string }[] };
}

const header = (m: Metadata, name: string) =>
  m.payload?.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? null;
const addressOf = (from: string | null) => from?.match(/<([^>]+)>/)?.[1] ?? from?.trim() ?? null;

/**
 * The messages of `ids` read: their metadata first (the sender against the blacklist, the size
 * against the bound), then the raw message of those kept. One removed meanwhile is passed.
 */
const readMessages = async (access: GmailAccess, ids: string[], window: FetchWindow, maxBytes: number) => {
  const messages: FetchedMessage[] = [];
  let found = 0;
  let blacklisted = 0;
  let tooLarge = 0;
  for (const id of ids) {
    const metaResponse = await gmailCall(
      access,
      `messages/${encodeURIComponent(id)}?format=metadata&metadataHeaders=From&metadataHeaders=Subject&metadataHeaders=Message-ID`,
    );
    if (metaResponse.status === 404) continue;
    const meta = await json<Metadata>(metaResponse);
    const received = meta.internalDate ? new Date(Number(meta.internalDate)) : null;
    if (received && (received < window.from || (window.to && received > window.to))) continue;
    found++;
    const from = addressOf(header(meta, 'From'));
    if (isBlacklisted(from ?? undefined, access.settings.blacklist)) {
      blacklisted++;
      continue;
    }
    if ((meta.sizeEstimate ?? 0) > maxBytes) {
      tooLarge++;
      continue;
    }
    const rawResponse = await gmailCall(access, `messages/${encodeURIComponent(id)}?format=raw`);
    if (rawResponse.status === 404) continue;
    const raw = Buffer.from((await json<{ raw: string }>(rawResponse)).raw, 'base64url');
    const messageId = header(meta, 'Message-ID');
    const subject = header(meta, 'Subject');
    const location: GmailLocation = { id, threadId: meta.threadId, messageId, subject, from };
    messages.push({ key: messageKey(messageId, raw), raw, subject, from, messageId, location });
  }
  return { messages, found, blacklisted, tooLarge };
};

/**
 * The inbox's new messages: a first sync lists those since the start date, 50 per page (the page
 * token and the history id of its start are the cursor); later runs read the history since that id.
 * A history id Gmail no longer keeps (404) starts a full sync again: duplicates are kept out by key.
 */
async function* fetchGmail(
  access: GmailAccess,
  cursor: { historyId?: string; pageToken?: string; syncHistoryId?: string },
  window: FetchWindow,
  options: { maxBytes: number; limit: number },
): AsyncGenerator<FetchBatch> {
  let seen = 0;
  const listSince = async function* (start: { pageToken?: string; syncHistoryId?: string }) {
    const syncHistoryId = start.syncHistoryId ?? (await gmailProfile(access)).historyId;
    let pageToken = start.pageToken;
    const after = Math.floor(window.from.getTime() / 1000);
    const before = window.to ? ` before:${Math.ceil(window.to.getTime() / 1000)}` : '';
    for (;;) {
      const page = await json<{ messages?: { id: string }[]; nextPageToken?: string }>(
        await gmailCall(
          access,
          `messages?${new URLSearchParams({
            q: `in:inbox -in:drafts after:${after}${before}`,
            maxResults: String(PAGE_SIZE),
            ...(pageToken ? { pageToken } : {}),
          })}`,
        ),
      );
      const read = await readMessages(
        access,
        (page.messages ?? []).map((m) => m.id),
        window,
        options.maxBytes,
      );
      seen += read.found;
      const next = page.nextPageToken;
      yield {
        ...read,
        cursor: window.manual
          ? { ...cursor }
          : next
            ? { pageToken: next, syncHistoryId }
            : { historyId: syncHistoryId },
      };
      if (!next || seen >= options.limit) return;
      pageToken = next;
    }
  };
  if (window.manual || !cursor.historyId) {
    yield* listSince(
      cursor.pageToken ? { pageToken: cursor.pageToken, syncHistoryId: cursor.syncHistoryId } : {},
    );
    return;
  }
  let pageToken: string | undefined;
  for (;;) {
    const response = await gmailCall(
      access,
      `history?${new URLSearchParams({
        startHistoryId: cursor.historyId,
        historyTypes: 'messageAdded',
        labelId: 'INBOX',
        maxResults: String(PAGE_SIZE),
        ...(pageToken ? { pageToken } : {}),
      })}`,
    );
    if (response.status === 404) {
      yield* listSince({});
      return;
    }
    const page = await json<{
      history?: { messagesAdded?: { message: { id: string; labelIds?: string[] } }[] }[];
      nextPageToken?: string;
      historyId: string;
    }>(response);
    const ids = [
      ...new Set(
        (page.history ?? [])
          .flatMap((h) => h.messagesAdded ?? [])
          .filter((a) => !a.message.labelIds || a.message.labelIds.includes('INBOX'))
          .map((a) => a.message.id),
      ),
    ];
    const read = await readMessages(access, ids, window, options.maxBytes);
    seen += read.found;
    // Within a history round the page token is not kept: a round cut in the middle is read again
    // from its start id, the messages already recorded passed by key.
    yield { ...read, cursor: page.nextPageToken ? { ...cursor } : { historyId: page.historyId } };
    if (!page.nextPageToken || seen >= options.limit) return;
    pageToken = page.nextPageToken;
  }
}

/** The ids of the labels named, made when the mailbox does not have them yet. */
const labelIds = async (access: GmailAccess, names: string[], known: Map<string, string>) => {
  if (known.size === 0) {
    const list = await json<{ labels?: { id: string; name: string }[] }>(await gmailCall(access, 'labels'));
    for (const l of list.labels ?? []) known.set(l.name, l.id);
  }
  const ids: string[] = [];
  for (const name of names) {
    let id = known.get(name);
    if (!id) {
      const made = await json<{ id: string }>(
        await gmailCall(access, 'labels', {
          method: 'POST',
          body: { name, labelListVisibility: 'labelShow', messageListVisibility: 'show' },
        }),
      );
      id = made.id;
      known.set(name, id);
    }
    ids.push(id);
  }
  return ids;
};

/** A reply draft as RFC 5322, threaded by In-Reply-To, to the message's sender. */
const draftRaw = async (settings: GmailSettings, location: GmailLocation, text: string) => {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
  const subject = location.subject ?? '';
  const composer = new MailComposer({
    from: settings.user,
    to: location.from ?? undefined,
    subject: /^re:/i.test(subject) ? subject : `Re: ${subject}`.trim(),
    text,
    ...(location.messageId ? { inReplyTo: location.messageId, references: location.messageId } : {}),
  });
  return (await composer.compile().build()).toString('base64url');
};

const writeBackGmail = async (
  access: GmailAccess,
  items: Parameters<MailboxSession['writeBack']>[0],
): Promise<(ConnectorProblem | null)[]> => {
  const results: (ConnectorProblem | null)[] = [];
  const known = new Map<string, string>();
  for (const { location, writeBack } of items) {
    const at = location as GmailLocation;
    try {
      if (writeBack.labels.length) {
        const modified = await gmailCall(access, `messages/${encodeURIComponent(at.id)}/modify`, {
          method: 'POST',
          body: { addLabelIds: await labelIds(access, writeBack.labels, known) },
        });
        if (modified.status === 404) {
          results.push({
            code: 'GMAIL_MESSAGE_GONE',
            message: 'The message is no longer in the mailbox',
            params: {},
          });
          continue;
        }
      }
      if (writeBack.draft)
        await gmailCall(access, 'drafts', {
          method: 'POST',
          body: {
            message: { raw: await draftRaw(access.settings, at, writeBack.draft), threadId: at.threadId },
          },
        });
      results.push(null);
    } catch (err) {
      if (!(err instanceof ConnectorFailure)) throw err;
      if (['GMAIL_THROTTLED', 'GMAIL_REAUTHORIZE', 'GMAIL_AUTH_FAILED'].includes(err.code)) throw err;
      results.push(err.problem);
    }
  }
  return results;
};

/** The healthcheck: a token, then the profile (the inbox's message count). */
export const checkGmail = async (access: GmailAccess) => {
  const profile = await gmailProfile(access);
  return { path: 'INBOX', messages: profile.messagesTotal ?? 0 };
};

export const gmailTokenExpiry = async (access: GmailAccess) => new Date((await gmailToken(access)).expiresAt);

export const openGmailSession = async (access: GmailAccess): Promise<MailboxSession> => {
  await gmailToken(access);
  return {
    fetch: (cursor, window, options) => fetchGmail(access, cursor, window, options),
    writeBack: (items) => writeBackGmail(access, items),
    close: async () => undefined,
  };
};
