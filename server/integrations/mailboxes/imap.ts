import dns from 'node:dns/promises';
import net from 'node:net';
import { ImapFlow, type FetchMessageObject } from 'imapflow';
import type { ConnectorProblem, ImapSettings } from '../../../schemas/contracts/connectors';
import type { OutboundPolicy } from '../../kernel/outbound';
import { imapKeyword, isBlacklisted, type WriteBack } from './rules';
import {
  ConnectorFailure,
  messageKey,
  type FetchBatch,
  type FetchWindow,
  type MailboxSession,
  type FetchedMessage,
  type MessageLocation,
} from './session';

// An IMAP mailbox (RFC 9051 / 3501) through imapflow: sign in, open the folder, list what is new
// by UID, read it in batches, and write labels (keywords) and reply drafts (APPEND) back.
// docs/connectors.md "IMAP".

export interface ImapAccess {
  settings: ImapSettings;
  password: string;
  policy: OutboundPolicy;
  /** How long the server has to answer a command before the connection counts as lost. */
  timeoutMs: number;
}

/** What imapflow and the socket report, said as the connector's problem. */
export const failureOf = (err: unknown, settings: ImapSettings): ConnectorFailure => {
  if (err instanceof ConnectorFailure) return err;
  const e = err as {
    code?: string;
    message?: string;
    authenticationFailed?: boolean;
    responseText?: string;
    serverResponseCode?: string;
  };
  const where = { host: settings.host, port: settings.port };
  if (e.authenticationFailed || e.serverResponseCode === 'AUTHENTICATIONFAILED')
    return new ConnectorFailure(
      'IMAP_AUTH_FAILED',
      `The server refused the user name or password (${e.responseText ?? 'authentication failed'})`,
      { user: settings.username },
    );
  if (e.serverResponseCode === 'NONEXISTENT' || e.serverResponseCode === 'TRYCREATE')
    return new ConnectorFailure(
      'IMAP_FOLDER_MISSING',
      `The folder ${settings.folder} does not exist on the server`,
      { folder: settings.folder },
    );
  if (
    e.serverResponseCode === 'LIMIT' ||
    e.serverResponseCode === 'INUSE' ||
    e.serverResponseCode === 'UNAVAILABLE'
  )
    return new ConnectorFailure(
      'IMAP_THROTTLED',
      `The server asks to come back later (${e.responseText ?? e.serverResponseCode})`,
      {},
      300,
    );
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN')
    return new ConnectorFailure('IMAP_HOST_UNKNOWN', `The name ${settings.host} is unknown`, where);
  if (e.code === 'ECONNREFUSED')
    return new ConnectorFailure(
      'IMAP_CONNECTION_REFUSED',
      `${settings.host}:${settings.port} refused the connection`,
      where,
    );
  if (
    e.code === 'ETIMEDOUT' ||
    e.code === 'CONNECT_TIMEOUT' ||
    e.code === 'GREETING_TIMEOUT' ||
    e.code === 'UPGRADE_TIMEOUT'
  )
    return new ConnectorFailure(
      'IMAP_TIMEOUT',
      `${settings.host}:${settings.port} did not answer in time`,
      where,
    );
  if (e.code === 'OutboundRefused')
    return new ConnectorFailure('IMAP_HOST_INTERNAL', e.message ?? 'internal address', where);
  if (
    /certificate|self[- ]signed|SSL|TLS/i.test(e.message ?? '') ||
    e.code?.startsWith('ERR_TLS') ||
    e.code?.includes('CERT')
  )
    return new ConnectorFailure('IMAP_TLS_FAILED', `TLS with ${settings.host} failed: ${e.message}`, where);
  return new ConnectorFailure(
    'IMAP_CONNECTION_LOST',
    `The connection to ${settings.host} was lost: ${e.message ?? String(err)}`,
    where,
  );
};

/** The address to connect to: the host resolved, refused when internal and not allowed (DESIGN.md §9). */
const addressOf = async (host: string, policy: OutboundPolicy) => {
  const h = host.toLowerCase();
  const addresses = net.isIP(h) ? [{ address: h }] : await dns.lookup(h, { all: true });
  const refused = addresses.find((a) => !policy.allows(h, a.address));
  if (refused)
    throw new ConnectorFailure(
      'IMAP_HOST_INTERNAL',
      `${host} resolves to ${refused.address}, an internal address the platform does not connect to unless OUTBOUND_ALLOW names it`,
      { host, address: refused.address },
    );
  return addresses[0].address;
};

/** A signed-in session. The caller logs out (`close`). */
export const openImap = async (access: ImapAccess): Promise<ImapFlow> => {
  const { settings } = access;
  let client: ImapFlow | undefined;
  try {
    const address = await addressOf(settings.host, access.policy);
    client = new ImapFlow({
      host: address,
      port: settings.port,
      secure: settings.security === 'tls',
      doSTARTTLS: settings.security === 'starttls' ? true : settings.security === 'none' ? false : undefined,
      servername: net.isIP(settings.host) ? undefined : settings.host,
      auth: { user: settings.username, pass: access.password },
      logger: false,
      connectionTimeout: access.timeoutMs,
      greetingTimeout: access.timeoutMs,
      socketTimeout: access.timeoutMs * 4,
      disableAutoIdle: true,
    });
    // A dropped connection is an error event too: the command waiting on it fails with it.
    client.on('error', () => undefined);
    await client.connect();
    return client;
  } catch (err) {
    client?.close();
    throw failureOf(err, settings);
  }
};

export const closeImap = async (client: ImapFlow) => {
  try {
    await client.logout();
  } catch {
    client.close();
  }
};

/** The healthcheck: sign in, open the folder, count its messages. */
export const checkImap = async (access: ImapAccess) => {
  const client = await openImap(access);
  try {
    const box = await client.mailboxOpen(access.settings.folder, { readOnly: true });
    return { path: box.path, messages: box.exists };
  } catch (err) {
    throw failureOf(err, access.settings);
  } finally {
    await closeImap(client);
  }
};

/** Where a message is in an IMAP mailbox. */
type ImapLocation = MessageLocation & { folder: string; uidValidity: string; uid: number };

/** Where the connector stands in an IMAP folder: its UIDVALIDITY and the last UID it passed. */
export interface ImapCursor {
  uidValidity?: string;
  lastUid?: number;
}

/** Messages a batch reads at most, and their bytes together (a batch is written by one transaction). */
const BATCH_MESSAGES = 50;
const BATCH_BYTES = 16 * 1_048_576;
const DAY_MS = 86_400_000;

/**
 * The folder's messages to read, in batches, oldest UID first: past the cursor (or, when the folder's
 * UIDVALIDITY changed or it is the first run, since the start date), `limit` at most. Messages too
 * large, blacklisted or outside the window are counted and passed; the cursor moves past them.
 */
export async function* fetchImap(
  client: ImapFlow,
  settings: ImapSettings,
  cursor: ImapCursor,
  window: FetchWindow,
  options: { maxBytes: number; limit: number },
): AsyncGenerator<FetchBatch> {
  const box = await client.mailboxOpen(settings.folder);
  const uidValidity = String(box.uidValidity);
  const lastUid = !window.manual && cursor.uidValidity === uidValidity ? (cursor.lastUid ?? 0) : 0;
  // SEARCH SINCE compares dates only, in the server's time zone: a day earlier, then the exact time.
  const criteria =
    lastUid > 0
      ? { uid: `${lastUid + 1}:*` }
      : {
          since: new Date(window.from.getTime() - DAY_MS),
          ...(window.to ? { before: new Date(window.to.getTime() + DAY_MS) } : {}),
        };
  const found = ((await client.search(criteria, { uid: true })) || [])
    .filter((uid) => uid > lastUid)
    .sort((a, b) => a - b);
  const uids = found.slice(0, options.limit);
  let at = 0;
  while (at < uids.length) {
    const slice = uids.slice(at, at + BATCH_MESSAGES);
    const metas: FetchMessageObject[] = [];
    for await (const m of client.fetch(
      slice.join(','),
      { uid: true, size: true, internalDate: true, envelope: true },
      { uid: true },
    ))
      metas.push(m);
    metas.sort((a, b) => a.uid - b.uid);
    let bytes = 0;
    const take: FetchMessageObject[] = [];
    let blacklisted = 0;
    let tooLarge = 0;
    let passed = 0;
    let lastOfBatch = slice[0];
    for (const m of metas) {
      if (take.length > 0 && bytes + (m.size ?? 0) > BATCH_BYTES) break;
      lastOfBatch = m.uid;
      passed++;
      const date = m.internalDate ? new Date(m.internalDate) : null;
      const from = m.envelope?.from?.[0]?.address;
      if (date && (date < window.from || (window.to && date > window.to))) continue;
      if ((m.size ?? 0) > options.maxBytes) tooLarge++;
      else if (isBlacklisted(from, settings.blacklist)) blacklisted++;
      else {
        take.push(m);
        bytes += m.size ?? 0;
      }
    }
    // UIDs the server listed but no longer has (deleted between SEARCH and FETCH) are passed too.
    if (passed === metas.length) lastOfBatch = slice[slice.length - 1];
    const messages: (FetchedMessage & { uid: number })[] = [];
    if (take.length) {
      const envelopes = new Map(take.map((m) => [m.uid, m]));
      for await (const m of client.fetch(
        take.map((t) => t.uid).join(','),
        { uid: true, source: true },
        { uid: true },
      )) {
        const meta = envelopes.get(m.uid);
        if (!m.source || !meta) continue;
        const messageId = meta.envelope?.messageId ?? null;
        const subject = meta.envelope?.subject ?? null;
        const from = meta.envelope?.from?.[0]?.address ?? null;
        messages.push({
          key: messageKey(messageId, m.source),
          uid: m.uid,
          raw: m.source,
          subject,
          from,
          messageId,
          location: { folder: box.path, uidValidity, uid: m.uid, messageId, subject, from },
        });
      }
      messages.sort((a, b) => a.uid - b.uid);
    }
    at += slice.indexOf(lastOfBatch) + 1;
    yield {
      messages,
      cursor: window.manual ? { ...cursor } : { uidValidity, lastUid: lastOfBatch },
      found: passed,
      blacklisted,
      tooLarge,
    };
  }
  // Nothing new, or a first look at an empty folder: the cursor takes the folder's UIDVALIDITY.
  if (uids.length === 0 && !window.manual && cursor.uidValidity !== uidValidity)
    yield {
      messages: [],
      cursor: { uidValidity, lastUid: Math.max(0, Number(box.uidNext ?? 1) - 1) },
      found: 0,
      blacklisted: 0,
      tooLarge: 0,
    };
}

/** Creates a label's folder when the server does not have it yet. */
const ensureFolder = async (client: ImapFlow, path: string, known: Set<string>) => {
  if (known.size === 0) for (const f of await client.list()) known.add(f.path);
  if (known.has(path)) return;
  await client.mailboxCreate(path);
  known.add(path);
};

/** The Drafts folder: the one named in the settings, or the one the server marks \Drafts. */
const draftsFolderOf = async (client: ImapFlow, settings: ImapSettings) => {
  if (settings.draftsFolder) return settings.draftsFolder;
  const list = await client.list();
  const drafts = list.find((f) => f.specialUse === '\\Drafts') ?? list.find((f) => /^drafts$/i.test(f.name));
  if (!drafts)
    throw new ConnectorFailure(
      'IMAP_NO_DRAFTS_FOLDER',
      'The server has no Drafts folder: name one in the connector settings',
    );
  return drafts.path;
};

/** A reply draft to the message: to its sender, "Re:" its subject, threaded by In-Reply-To. */
const draftOf = async (settings: ImapSettings, location: ImapLocation, text: string) => {
  const subject = location.subject ?? '';
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
  const composer = new MailComposer({
    from: settings.username.includes('@') ? settings.username : undefined,
    to: location.from ?? undefined,
    subject: /^re:/i.test(subject) ? subject : `Re: ${subject}`.trim(),
    text,
    ...(location.messageId ? { inReplyTo: location.messageId, references: location.messageId } : {}),
  });
  return composer.compile().build();
};

/**
 * Writes back what ended analyses give: labels as keywords on the message (found again by
 * Message-ID when the folder's UIDVALIDITY changed), drafts appended to the Drafts folder. Answers,
 * per item, null when done or the problem.
 */
export const writeBackImap = async (
  client: ImapFlow,
  settings: ImapSettings,
  items: { location: MessageLocation; writeBack: WriteBack }[],
): Promise<(ConnectorProblem | null)[]> => {
  const results: (ConnectorProblem | null)[] = items.map(() => null);
  const folders = new Set<string>();
  const byFolder = new Map<string, number[]>();
  items.forEach((item, i) => {
    if (!item.writeBack.labels.length) return;
    const folder = (item.location as ImapLocation).folder;
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), i]);
  });
  for (const [folder, indexes] of byFolder) {
    const box = await client.mailboxOpen(folder);
    const uidValidity = String(box.uidValidity);
    for (const i of indexes) {
      const { writeBack } = items[i];
      const location = items[i].location as ImapLocation;
      try {
        let uid: number | undefined = location.uid;
        if (location.uidValidity !== uidValidity) {
          const hits = location.messageId
            ? await client.search({ header: { 'message-id': location.messageId } }, { uid: true })
            : [];
          uid = hits && hits.length ? hits[0] : undefined;
        }
        if (uid === undefined) {
          results[i] = {
            code: 'IMAP_MESSAGE_GONE',
            message: 'The message is no longer in the folder',
            params: { folder },
          };
          continue;
        }
        if (settings.labelMode === 'folder') {
          for (const label of writeBack.labels) {
            await ensureFolder(client, label, folders);
            await client.messageCopy(String(uid), label, { uid: true });
          }
          // The copies leave the folder open elsewhere: the next item is in this one.
          await client.mailboxOpen(folder);
        } else await client.messageFlagsAdd(String(uid), writeBack.labels.map(imapKeyword), { uid: true });
      } catch (err) {
        results[i] = failureOf(err, settings).problem;
      }
    }
  }
  const drafts = items.map((item, i) => [item, i] as const).filter(([item]) => item.writeBack.draft);
  if (drafts.length) {
    let folder: string;
    try {
      folder = await draftsFolderOf(client, settings);
    } catch (err) {
      const problem = failureOf(err, settings).problem;
      for (const [, i] of drafts) results[i] = problem;
      return results;
    }
    for (const [item, i] of drafts) {
      if (results[i]) continue;
      try {
        await client.append(
          folder,
          await draftOf(settings, item.location as ImapLocation, item.writeBack.draft!),
          ['\\Draft', '\\Seen'],
        );
      } catch (err) {
        results[i] = failureOf(err, settings).problem;
      }
    }
  }
  return results;
};

/** An IMAP mailbox signed in for one run (session.ts). */
export const openImapSession = async (access: ImapAccess): Promise<MailboxSession> => {
  const client = await openImap(access);
  const { settings } = access;
  return {
    fetch: (cursor, window, options) => fetchImap(client, settings, cursor as ImapCursor, window, options),
    writeBack: (items) => writeBackImap(client, settings, items),
    close: () => closeImap(client),
  };
};
