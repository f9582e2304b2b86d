import { z } from 'zod';
import { defineCall } from './define';

/**
 * Mail connectors of an environment (spec pipeline §2–§5, §7–§9; docs/connectors.md): a mailbox
 * whose new mail becomes analyses, and to which labels and reply drafts are written back when each
 * analysis ends. Console routes, configurator level for every call. Secrets (a password) are
 * written, never read back: an answer says only which are set (`secretsSet`).
 */
const envParams = z.object({ envId: z.string() });
const name = z.string().trim().min(1).max(200);
const connectorParams = z.object({ envId: z.string(), id: z.string() });

/** App types whose connector is built; the spec's others (gmail…) join as they are. */
export const CONNECTOR_APP_TYPES = ['imap', 'exchange', 'gmail'] as const;
export type ConnectorAppType = (typeof CONNECTOR_APP_TYPES)[number];

/** Spec pipeline §5, §9: the start date is at most this long before now, and defaults to it. */
export const START_DATE_MAX_AGE_HOURS = 24;

/** What a connector writes back when an analysis ends (spec pipeline §3 "output post-processors"). */
export const IMAP_POST_PROCESSORS = ['LABEL', 'LABEL_PJ', 'DRAFT'] as const;
export type ImapPostProcessor = (typeof IMAP_POST_PROCESSORS)[number];

export const IMAP_LABEL_MODES = ['keyword', 'folder'] as const;
export type ImapLabelMode = (typeof IMAP_LABEL_MODES)[number];

/** Senders skipped: an address (`ana@example.org`) or a domain (`example.org`, `@example.org`). */
export const BLACKLIST_ENTRY = /^(?:[^\s@]+@)?@?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;
export const BLACKLIST_MAX = 500;

const blacklist = z
  .array(
    z
      .string()
      .trim()
      .max(320)
      .regex(BLACKLIST_ENTRY, 'An address (ana@example.org) or a domain (example.org)'),
  )
  .max(BLACKLIST_MAX);

/** An IMAP mailbox (beyond the spec: any server, DESIGN.md §7). */
export const imapSettings = z.object({
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65_535),
  /** `tls`: TLS from the start (993); `starttls`: upgraded (143); `none`: plain, loopback and tests only. */
  security: z.enum(['tls', 'starttls', 'none']),
  username: z.string().min(1).max(320),
  folder: z.string().min(1).max(500),
  /** Where reply drafts go: the folder the server marks \Drafts when null. */
  draftsFolder: z.string().min(1).max(500).nullable(),
  startDate: z.iso.datetime({ offset: true }).nullable(),
  blacklist,
  postProcessors: z.array(z.enum(IMAP_POST_PROCESSORS)).max(IMAP_POST_PROCESSORS.length),
  /**
   * How labels are written: as keywords on the message (`keyword`), or as a copy of the message in
   * a folder named after each label (`folder`, for clients that show no keywords). Left out:
   * keyword (the answers always say it).
   */
  labelMode: z.enum(IMAP_LABEL_MODES).optional(),
  /** The analysis waits for the consolidation's PATCH before anything is written back. */
  expectConsolidation: z.boolean(),
});
export type ImapSettings = z.infer<typeof imapSettings>;

export const imapSecrets = z.object({ password: z.string().min(1).max(1000) });

/** What an Exchange connector writes back (spec pipeline §3): METADATA, the extracted data as categories. */
export const EXCHANGE_POST_PROCESSORS = ['LABEL', 'LABEL_PJ', 'DRAFT', 'METADATA'] as const;
export type ExchangePostProcessor = (typeof EXCHANGE_POST_PROCESSORS)[number];

/**
 * An Exchange Online mailbox through Microsoft Graph (spec pipeline §3 "Exchange connector"): an
 * application registered in the customer's Entra ID tenant, granted `Mail.ReadWrite` as an
 * application permission, reads the inbox of `userEmail` with the client-credentials flow.
 */
export const exchangeSettings = z.object({
  /** The application (client) id of the app registration. */
  clientId: z.string().trim().min(1).max(200),
  /** The directory (tenant) id, or its domain name. */
  tenantId: z.string().trim().min(1).max(200),
  userEmail: z
    .string()
    .trim()
    .min(3)
    .max(320)
    .regex(/^[^\s@]+@[^\s@]+$/, 'An email address'),
  startDate: z.iso.datetime({ offset: true }).nullable(),
  blacklist,
  postProcessors: z.array(z.enum(EXCHANGE_POST_PROCESSORS)).max(EXCHANGE_POST_PROCESSORS.length),
  expectConsolidation: z.boolean(),
});
export type ExchangeSettings = z.infer<typeof exchangeSettings>;

export const exchangeSecrets = z.object({ clientSecret: z.string().min(1).max(2000) });

/** What a Gmail connector writes back (spec pipeline §3): label, label attachment, draft, label extracted data. */
export const GMAIL_POST_PROCESSORS = ['LABEL', 'LABEL_PJ', 'DRAFT', 'METADATA'] as const;
export type GmailPostProcessor = (typeof GMAIL_POST_PROCESSORS)[number];

/**
 * A Gmail or Google Workspace mailbox through the Gmail API (spec pipeline §3 "Gmail connector"):
 * the user grants access once (OAuth authorization code with PKCE), the platform keeps the refresh
 * token. With `customCredentials`, the customer's own OAuth client (its id, secret and redirect
 * URI, which must be the console's `/integrations/gmail/callback`); without, the platform's
 * (`GOOGLE_CLIENT_ID`).
 */
export const gmailSettings = z.object({
  customCredentials: z.boolean(),
  clientId: z.string().trim().min(1).max(300).nullable(),
  redirectUri: z.string().trim().max(2048).nullable(),
  /** The mailbox's address; the grant must be given by that account. */
  user: z
    .string()
    .trim()
    .min(3)
    .max(320)
    .regex(/^[^\s@]+@[^\s@]+$/, 'An email address'),
  startDate: z.iso.datetime({ offset: true }).nullable(),
  blacklist,
  postProcessors: z.array(z.enum(GMAIL_POST_PROCESSORS)).max(GMAIL_POST_PROCESSORS.length),
  expectConsolidation: z.boolean(),
});
export type GmailSettings = z.infer<typeof gmailSettings>;

/** The custom OAuth client's secret; the refresh token is the server's own, never sent by a client. */
export const gmailSecrets = z.object({ clientSecret: z.string().min(1).max(2000) });

/**
 * Where an OAuth connector's grant stands (spec platform-shell §6 "Gmail integration states"):
 * not configured, configuring (the user was sent to Google), configured, or to authorize again
 * (the grant was revoked or the client changed: spec pipeline §8 "Gmail misconfigured").
 */
export const CONNECTOR_AUTHORIZATIONS = [
  'notConfigured',
  'configuring',
  'configured',
  'reauthorize',
] as const;
export type ConnectorAuthorization = (typeof CONNECTOR_AUTHORIZATIONS)[number];

export const connectorHealth = z.enum(['unknown', 'healthy', 'unhealthy']);

/** Why a connector is unhealthy or a run failed: a stable code the console says, and its parameters. */
export const connectorProblem = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ConnectorProblem = z.infer<typeof connectorProblem>;

export const connectorRun = z.object({
  id: z.string(),
  kind: z.enum(['scheduled', 'manual']),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  forceDuplicates: z.boolean(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Messages the run looked at, and what became of them. */
  found: z.number(),
  fetched: z.number(),
  duplicates: z.number(),
  blacklisted: z.number(),
  tooLarge: z.number(),
  writtenBack: z.number(),
  problem: connectorProblem.nullable(),
});
export type ConnectorRun = z.infer<typeof connectorRun>;

const connectorFields = z.object({
  id: z.string(),
  environmentId: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** Which secrets are stored (their values never leave the server). */
  secretsSet: z.array(z.string()),
  health: connectorHealth,
  healthProblem: connectorProblem.nullable(),
  failingSince: z.string().nullable(),
  lastExecutionAt: z.string().nullable(),
  lastRun: connectorRun.nullable(),
  /** Until when the mailbox asked to be left alone (a 429's Retry-After, a server's THROTTLED). */
  rateLimitedUntil: z.string().nullable(),
  /** When the stored grant expires (OAuth connectors); null for a password. */
  tokenExpiresAt: z.string().nullable(),
  /** An OAuth connector's grant (Gmail); null for the others, which need none. */
  authorization: z.enum(CONNECTOR_AUTHORIZATIONS).nullable(),
  /** Messages fetched since creation, and those still waiting for their write-back. */
  messages: z.number(),
  pendingWriteBacks: z.number(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A connector, its settings those of its app type. */
export const connector = z.discriminatedUnion('appType', [
  connectorFields.extend({ appType: z.literal('imap'), settings: imapSettings }),
  connectorFields.extend({ appType: z.literal('exchange'), settings: exchangeSettings }),
  connectorFields.extend({ appType: z.literal('gmail'), settings: gmailSettings }),
]);
export type Connector = z.infer<typeof connector>;
export type ImapConnector = Extract<Connector, { appType: 'imap' }>;
export type ExchangeConnector = Extract<Connector, { appType: 'exchange' }>;
export type GmailConnector = Extract<Connector, { appType: 'gmail' }>;

/** What creating or editing a connector sends, by app type: its settings, and its secrets when given. */
export const connectorInput = z.discriminatedUnion('appType', [
  z.object({
    name,
    appType: z.literal('imap'),
    settings: imapSettings,
    secrets: imapSecrets.partial().optional(),
  }),
  z.object({
    name,
    appType: z.literal('exchange'),
    settings: exchangeSettings,
    secrets: exchangeSecrets.partial().optional(),
  }),
  z.object({
    name,
    appType: z.literal('gmail'),
    settings: gmailSettings,
    secrets: gmailSecrets.partial().optional(),
  }),
]);
export type ConnectorInput = z.infer<typeof connectorInput>;

/** The settings' schema of each app type (the server checks a body's settings against its type's). */
export const CONNECTOR_SETTINGS = {
  imap: imapSettings,
  exchange: exchangeSettings,
  gmail: gmailSettings,
} as const;
export const CONNECTOR_SECRETS = {
  imap: imapSecrets,
  exchange: exchangeSecrets,
  gmail: gmailSecrets,
} as const;

/**
 * A create or edit body as the route reads it: the settings and secrets are checked against the
 * app type's own schemas by the server (one error per field at fault, named `settings.<field>`),
 * not as a union whose every branch would report its own errors.
 */
const connectorBody = z.object({
  name,
  appType: z.enum(CONNECTOR_APP_TYPES),
  settings: z.record(z.string(), z.unknown()),
  secrets: z.record(z.string(), z.string().optional()).optional(),
});

export const listConnectors = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/connectors',
  params: envParams,
  response: z.object({ data: z.array(connector) }),
});

export const getConnector = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/connectors/{id}',
  params: connectorParams,
  response: connector,
});

/**
 * The wizard's first step: general information and settings; the connector is created inactive.
 * 400 START_DATE_TOO_EARLY when the start date is more than 24 h ago.
 */
export const createConnector = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/connectors',
  params: envParams,
  body: connectorBody,
  response: connector,
});

/** Edits settings (its app type stays: 400 when another is sent); a secret left out keeps its stored value. */
export const updateConnector = defineCall({
  method: 'PUT',
  path: '/v4/console/api/environments/{envId}/connectors/{id}',
  params: connectorParams,
  body: connectorBody,
  response: connector,
});

export const deleteConnector = defineCall({
  method: 'DELETE',
  path: '/v4/console/api/environments/{envId}/connectors/{id}',
  params: connectorParams,
});

/**
 * The wizard's second step and the detail's switch: activating checks the mailbox first (signs in,
 * opens the folder) and answers 400 CONNECTOR_CHECK_FAILED with the reason when it cannot.
 */
export const setConnectorActive = defineCall({
  method: 'PUT',
  path: '/v4/console/api/environments/{envId}/connectors/{id}/active',
  params: connectorParams,
  body: z.object({ active: z.boolean() }),
  response: connector,
});

export const healthcheckAnswer = z.object({
  ok: z.boolean(),
  problem: connectorProblem.nullable(),
  /** What the check saw of the folder when it could open it. */
  folder: z.object({ path: z.string(), messages: z.number() }).nullable(),
  durationMs: z.number(),
  connector,
});
export type HealthcheckAnswer = z.infer<typeof healthcheckAnswer>;

/** Signs in and opens the folder now; the connector's health is what it found. */
export const checkConnector = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/connectors/{id}/healthcheck',
  params: connectorParams,
  response: healthcheckAnswer,
});

/**
 * A manual run (spec pipeline §4): the mail received between the two dates, once each unless
 * forceDuplicates (then again, as new analyses). Queued; its progress is in the runs' list.
 */
export const runConnector = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/connectors/{id}/runs',
  params: connectorParams,
  body: z.object({
    fromDate: z.iso.datetime({ offset: true }),
    toDate: z.iso.datetime({ offset: true }).nullable(),
    forceDuplicates: z.boolean(),
  }),
  response: connectorRun,
});

export const listConnectorRuns = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/connectors/{id}/runs',
  params: connectorParams,
  response: z.object({ data: z.array(connectorRun) }),
});

/**
 * The "configuring" step of an OAuth connector: the address of Google's consent page for this
 * connector (authorization code with PKCE, a state valid 10 minutes, bound to the caller). The
 * console opens it, with the link as fallback.
 */
export const authorizeConnector = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/connectors/{id}/authorize',
  params: connectorParams,
  response: z.object({ url: z.string(), expiresAt: z.string() }),
});

/**
 * What the OAuth callback page (`/integrations/gmail/callback`) sends back: the state and the code
 * Google gave, or the error. 400 OAUTH_STATE_INVALID (unknown, expired, used, or another user's),
 * OAUTH_DENIED (the user refused), OAUTH_CODE_REJECTED (Google refused the code), OAUTH_WRONG_ACCOUNT
 * (granted by another account than the connector's user).
 */
export const completeGmailAuthorization = defineCall({
  method: 'POST',
  path: '/v4/console/api/integrations/gmail/callback',
  body: z.object({
    state: z.string().min(1).max(200),
    code: z.string().min(1).max(4096).optional(),
    error: z.string().max(200).optional(),
  }),
  response: z.object({ projectId: z.string(), connector }),
});
