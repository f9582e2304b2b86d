import type { ConnectorProblem, ExchangeSettings } from '../../../schemas/contracts/connectors';
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

// An Exchange Online mailbox through Microsoft Graph v1.0 (docs/connectors.md "Exchange"): a token
// by the client-credentials flow of the Microsoft identity platform, the inbox read by delta query
// (each page's nextLink, then the deltaLink, kept as the cursor: a run cut anywhere goes on from
// the page it was at), each message's MIME by `$value`, categories PATCHed, replies drafted by
// `createReply`. 429 and 503 are waited out by their Retry-After.

export interface GraphAccess {
  settings: ExchangeSettings;
  clientSecret: string;
  /** https://login.microsoftonline.com, or a stand-in's. */
  loginBaseUrl: string;
  /** https://graph.microsoft.com/v1.0, or a stand-in's. */
  graphBaseUrl: string;
  timeoutMs: number;
}

/** Where a message is in the mailbox: its Graph id, and the categories it had when it was read. */
type GraphLocation = MessageLocation & { id: string; categories: string[] };

/** The longest Retry-After waited within a run; a longer one ends the run, rate-limited until then. */
const MAX_WAIT_SECONDS = 30;
const RETRIES = 4;
const PAGE_SIZE = 50;

/** Tokens by tenant, application and secret, kept until five minutes before they expire. */
const tokens = new Map<string, { token: string; expiresAt: number }>();
const tokenKey = (a: GraphAccess) => `${a.settings.tenantId}\n${a.settings.clientId}\n${a.clientSecret}`;

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
  error_codes?: number[];
}

/** What the identity platform's refusal says, as the connector's problem. */
const tokenFailure = (answer: TokenAnswer, settings: ExchangeSettings) => {
  const reason = (answer.error_description ?? answer.error ?? 'refused').split(/\r?\n/)[0];
  const codes = answer.error_codes ?? [];
  const params = { tenant: settings.tenantId, client: settings.clientId };
  if (codes.includes(90002) || /AADSTS90002/.test(reason))
    return new ConnectorFailure(
      'GRAPH_TENANT_UNKNOWN',
      `The tenant ${settings.tenantId} is unknown: ${reason}`,
      params,
    );
  if (answer.error === 'unauthorized_client' || codes.includes(700016))
    return new ConnectorFailure(
      'GRAPH_APP_UNKNOWN',
      `The application ${settings.clientId} is not in the tenant: ${reason}`,
      params,
    );
  return new ConnectorFailure(
    'GRAPH_AUTH_FAILED',
    `Microsoft refused the client id or secret: ${reason}`,
    params,
  );
};

/** A token for the application (client credentials); answers it and when it expires. */
export const graphToken = async (access: GraphAccess, fresh = false) => {
  const key = tokenKey(access);
  const kept = tokens.get(key);
  if (!fresh && kept && kept.expiresAt - 300_000 > Date.now()) return kept;
  const { settings } = access;
  let response: Response;
  try {
    response = await fetch(
      `${access.loginBaseUrl}/${encodeURIComponent(settings.tenantId)}/oauth2/v2.0/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: settings.clientId,
          client_secret: access.clientSecret,
          scope: 'https://graph.microsoft.com/.default',
          grant_type: 'client_credentials',
        }),
        signal: AbortSignal.timeout(access.timeoutMs),
      },
    );
  } catch (err) {
    throw new ConnectorFailure(
      'GRAPH_UNREACHABLE',
      `Microsoft's sign-in could not be reached: ${(err as Error).message}`,
    );
  }
  const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
  if (!response.ok || !answer.access_token) throw tokenFailure(answer, settings);
  const got = { token: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 3599) * 1000 };
  tokens.set(key, got);
  return got;
};

interface GraphError {
  error?: { code?: string; message?: string };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One Graph request with what the documentation asks of a client: the token renewed once on a 401,
 * 429 and 503 retried after their Retry-After (up to MAX_WAIT_SECONDS; longer ends the run
 * rate-limited). Answers the response when it is 2xx or 404/410 (the caller's to read).
 */
const graphCall = async (
  access: GraphAccess,
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> => {
  let renewed = false;
  for (let attempt = 0; ; attempt++) {
    const { token } = await graphToken(access, renewed);
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(access.timeoutMs),
      });
    } catch (err) {
      throw new ConnectorFailure(
        'GRAPH_UNREACHABLE',
        `Microsoft Graph could not be reached: ${(err as Error).message}`,
      );
    }
    if (response.ok || response.status === 404 || response.status === 410) return response;
    const body = (await response.json().catch(() => ({}))) as GraphError;
    const code = body.error?.code ?? String(response.status);
    const message = body.error?.message ?? response.statusText;
    if (response.status === 401 && !renewed) {
      renewed = true;
      continue;
    }
    if (response.status === 429 || response.status === 503) {
      const seconds = Number(response.headers.get('retry-after') ?? 10) || 10;
      if (seconds <= MAX_WAIT_SECONDS && attempt < RETRIES) {
        await sleep(seconds * 1000);
        continue;
      }
      throw new ConnectorFailure(
        'GRAPH_THROTTLED',
        `Microsoft Graph asks to wait ${seconds} s (${code})`,
        { seconds },
        seconds,
      );
    }
    if (response.status === 401)
      throw new ConnectorFailure('GRAPH_AUTH_FAILED', `Microsoft Graph refused the token: ${message}`, {
        tenant: access.settings.tenantId,
        client: access.settings.clientId,
      });
    if (response.status === 403)
      throw new ConnectorFailure(
        'GRAPH_FORBIDDEN',
        `The application may not read this mailbox (grant it Mail.ReadWrite): ${message}`,
        {
          user: access.settings.userEmail,
        },
      );
    if (code === 'ErrorInvalidUser')
      throw new ConnectorFailure(
        'GRAPH_USER_UNKNOWN',
        `The mailbox ${access.settings.userEmail} does not exist in the tenant`,
        {
          user: access.settings.userEmail,
        },
      );
    throw new ConnectorFailure(
      'GRAPH_REQUEST_FAILED',
      `Microsoft Graph answered ${response.status} ${code}: ${message}`,
      {
        status: response.status,
        code,
      },
    );
  }
};

const userPath = (access: GraphAccess) =>
  `${access.graphBaseUrl}/users/${encodeURIComponent(access.settings.userEmail)}`;

/** The first delta request of the inbox: the messages received since `from`. */
const initialDelta = (access: GraphAccess, from: Date) =>
  `${userPath(access)}/mailFolders/inbox/messages/delta?${new URLSearchParams({
    $select: 'id,subject,from,receivedDateTime,internetMessageId,categories',
    $filter: `receivedDateTime ge ${from.toISOString()}`,
  })}`;

interface DeltaPage {
  value?: DeltaItem[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}
interface DeltaItem {
  id: string;
  '@removed'?: unknown;
  subject?: string | null;
  from?: { emailAddress?: { address?: string; name?: string } } | null;
  receivedDateTime?: string;
  internetMessageId?: string | null;
  categories?: string[];
}

/** A message's MIME, or null when it was removed since it was listed, or 'tooLarge' past `maxBytes`. */
const readMime = async (
  access: GraphAccess,
  id: string,
  maxBytes: number,
): Promise<Buffer | null | 'tooLarge'> => {
  const response = await graphCall(access, `${userPath(access)}/messages/${encodeURIComponent(id)}/$value`);
  if (response.status === 404) return null;
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > maxBytes) {
    await response.body?.cancel();
    return 'tooLarge';
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > maxBytes) return 'tooLarge';
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
};

/**
 * The inbox's new messages, a delta page at a time (50 messages): the cursor is the page to read
 * next (its nextLink), then the deltaLink of the last round. A sync state Graph no longer has
 * (410) starts again from the start date: duplicates are kept out by the messages' keys.
 */
async function* fetchGraph(
  access: GraphAccess,
  cursor: { nextLink?: string; deltaLink?: string },
  window: FetchWindow,
  options: { maxBytes: number; limit: number },
): AsyncGenerator<FetchBatch> {
  let url = window.manual
    ? initialDelta(access, window.from)
    : (cursor.nextLink ?? cursor.deltaLink ?? initialDelta(access, window.from));
  let restarted = false;
  let seen = 0;
  for (;;) {
    const response = await graphCall(access, url, { headers: { prefer: `odata.maxpagesize=${PAGE_SIZE}` } });
    if (response.status === 410 || response.status === 404) {
      if (restarted || response.status === 404) {
        const body = (await response.json().catch(() => ({}))) as GraphError;
        throw new ConnectorFailure(
          'GRAPH_REQUEST_FAILED',
          `Microsoft Graph answered ${response.status}: ${body.error?.message ?? ''}`,
          {
            status: response.status,
            code: body.error?.code ?? '',
          },
        );
      }
      restarted = true;
      url = initialDelta(access, window.from);
      continue;
    }
    const page = (await response.json()) as DeltaPage;
    const messages: FetchedMessage[] = [];
    let found = 0;
    let blacklisted = 0;
    let tooLarge = 0;
    for (const item of page.value ?? []) {
      if (item['@removed']) continue;
      const received = item.receivedDateTime ? new Date(item.receivedDateTime) : null;
      if (received && (received < window.from || (window.to && received > window.to))) continue;
      found++;
      const from = item.from?.emailAddress?.address ?? null;
      if (isBlacklisted(from ?? undefined, access.settings.blacklist)) {
        blacklisted++;
        continue;
      }
      const raw = await readMime(access, item.id, options.maxBytes);
      // Deleted between the listing and the reading: nothing to analyse, nothing lost.
      if (raw === null) continue;
      if (raw === 'tooLarge') {
        tooLarge++;
        continue;
      }
      const messageId = item.internetMessageId ?? null;
      const location: GraphLocation = {
        id: item.id,
        messageId,
        subject: item.subject ?? null,
        from,
        categories: item.categories ?? [],
      };
      messages.push({
        key: messageKey(messageId, raw),
        raw,
        subject: item.subject ?? null,
        from,
        messageId,
        location,
      });
    }
    seen += found;
    const next = page['@odata.nextLink'];
    const delta = page['@odata.deltaLink'];
    yield {
      messages,
      cursor: window.manual
        ? { ...cursor }
        : next
          ? { nextLink: next }
          : { deltaLink: delta ?? cursor.deltaLink },
      found,
      blacklisted,
      tooLarge,
    };
    if (!next || seen >= options.limit) return;
    url = next;
  }
}

/** Writes categories (added to those the message has) and reply drafts back. */
const writeBackGraph = async (
  access: GraphAccess,
  items: Parameters<MailboxSession['writeBack']>[0],
): Promise<(ConnectorProblem | null)[]> => {
  const results: (ConnectorProblem | null)[] = [];
  for (const { location, writeBack } of items) {
    const at = location as GraphLocation;
    const message = `${userPath(access)}/messages/${encodeURIComponent(at.id)}`;
    try {
      if (writeBack.labels.length) {
        const categories = [...new Set([...(at.categories ?? []), ...writeBack.labels])];
        const patched = await graphCall(access, message, { method: 'PATCH', body: { categories } });
        if (patched.status === 404) {
          results.push({
            code: 'GRAPH_MESSAGE_GONE',
            message: 'The message is no longer in the mailbox',
            params: {},
          });
          continue;
        }
      }
      if (writeBack.draft) {
        const drafted = await graphCall(access, `${message}/createReply`, {
          method: 'POST',
          body: { comment: writeBack.draft },
        });
        if (drafted.status === 404) {
          results.push({
            code: 'GRAPH_MESSAGE_GONE',
            message: 'The message is no longer in the mailbox',
            params: {},
          });
          continue;
        }
      }
      results.push(null);
    } catch (err) {
      if (!(err instanceof ConnectorFailure)) throw err;
      // Throttled or signed out: the rest waits for the next run.
      if (err.code === 'GRAPH_THROTTLED' || err.code === 'GRAPH_AUTH_FAILED') throw err;
      results.push(err.problem);
    }
  }
  return results;
};

/** The healthcheck: a token, then the inbox and its message count. */
export const checkGraph = async (access: GraphAccess) => {
  const response = await graphCall(
    access,
    `${userPath(access)}/mailFolders/inbox?$select=displayName,totalItemCount`,
  );
  if (response.status === 404)
    throw new ConnectorFailure(
      'GRAPH_USER_UNKNOWN',
      `The mailbox ${access.settings.userEmail} does not exist in the tenant`,
      {
        user: access.settings.userEmail,
      },
    );
  const inbox = (await response.json()) as { displayName?: string; totalItemCount?: number };
  return { path: inbox.displayName ?? 'Inbox', messages: inbox.totalItemCount ?? 0 };
};

/** When the connector's token expires (the console shows it). */
export const graphTokenExpiry = async (access: GraphAccess) => new Date((await graphToken(access)).expiresAt);

export const openGraphSession = async (access: GraphAccess): Promise<MailboxSession> => {
  await graphToken(access);
  return {
    fetch: (cursor, window, options) =>
      fetchGraph(access, cursor as { nextLink?: string; deltaLink?: string }, window, options),
    writeBack: (items) => writeBackGraph(access, items),
    close: async () => undefined,
  };
};
