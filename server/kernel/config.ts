import path from 'node:path';
import { z } from 'zod';
import { trustProxySetting, type TrustProxy } from './http/trust-proxy';
import { DEFAULT_MAX_CHARACTERS } from '../../schemas/extractor-settings';

/**
 * Configuration, read from the environment once at boot and validated: a wrong value stops the
 * process with a message naming every variable at fault (fail fast, one central place).
 */
const duration = z
  .string()
  .regex(/^\d+\s*[smhd]?$/, 'expected a duration such as 900, 15m, 8h or 30d')
  .transform((v) => {
    const n = Number.parseInt(v, 10);
    const unit = v.trim().slice(-1);
    const factor = unit === 'm' ? 60 : unit === 'h' ? 3600 : unit === 'd' ? 86_400 : 1;
    return n * factor;
  });

/** The URL's protocol, or undefined when it is not a URL (never throws: a wrong value is a message). */
const protocolOf = (v: string) => (URL.canParse(v) ? new URL(v).protocol : undefined);

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .refine((v) => protocols.includes(protocolOf(v) ?? ''), `expected a ${protocols.join(' or ')} URL`)
    .optional();

/**
 * A PostgreSQL connection URL as pg reads it (pg-connection-string), socket form included:
 * `postgres://user@/db?host=/var/run/postgresql` has an empty host, which the WHATWG URL parser
 * refuses, so the check puts a placeholder host in before parsing.
 */
const postgresUrl = z
  .string()
  .refine(
    (v) =>
      /^postgres(ql)?:\/\//i.test(v) &&
      ['postgres:', 'postgresql:'].includes(protocolOf(v.replace('@/', '@socket/')) ?? ''),
    'expected a postgres:// or postgresql:// URL (or postgres://user@/database?host=/socket/folder)',
  )
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl,
  /** Where users reach the console; used in links sent by mail. Default: http://localhost:PORT. */
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  /** Signing secret for session tokens; generated and kept in the database when unset. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL: duration.default(8 * 3600),
  /** A password older than this must be changed at next sign-in (0 = never expires). */
  PASSWORD_MAX_AGE: duration.default(365 * 86_400),
  RESET_TOKEN_TTL: duration.default(3600),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().min(3).default('Console <no-reply@localhost>'),
  SEED_ADMIN_EMAIL: z.string().email().optional(),
  SEED_ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Built console to serve; the API runs without one when the folder is missing. */
  CONSOLE_DIR: z.string().default('dist'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  LOGIN_FAILURE_WINDOW: duration.default(15 * 60),
  /** Forgotten-password mails per account (silently not sent beyond) and requests per address (429). */
  PASSWORD_RESET_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
  PASSWORD_RESET_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  PASSWORD_RESET_WINDOW: duration.default(15 * 60),
  /** Which proxies' X-Forwarded-For to believe for the client address (Fastify's trustProxy). */
  TRUST_PROXY: trustProxySetting.default(false),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** Largest file an analysis accepts (upload, simulated mail attachments together). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1_048_576),
  ANALYSIS_TIME_LIMIT: duration.default(300),
  /** A running analysis whose worker gave no sign of life for this long is queued again. */
  ANALYSIS_STALL: duration.default(30),
  MANUAL_STATUS_TIMEOUT: duration.default(86_400),
  ANALYSIS_BATCH: z.coerce.number().int().min(1).max(64).default(16),
  /**
   * Analyses submitted per second, sustained, and at once (burst), per access key on the public API
   * and per user in the console (docs/security.md, "Submission rate limits"); per API process.
   */
  ANALYSIS_RATE_PER_KEY: z.coerce.number().positive().max(100_000).default(50),
  ANALYSIS_BURST_PER_KEY: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  ANALYSIS_RATE_PER_USER: z.coerce.number().positive().max(100_000).default(5),
  ANALYSIS_BURST_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** Threads that run the pipeline in a worker process (default: one per core). */
  ANALYSIS_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** Characters of text the pipeline reads per analysis; beyond, the text is cut with a warning. */
  ANALYSIS_MAX_CHARACTERS: z.coerce.number().int().min(1000).default(DEFAULT_MAX_CHARACTERS),
  /** OpenAI-compatible speech-to-text endpoint for MP3 files (POST {base}/audio/transcriptions). */
  SPEECH_BASE_URL: optionalUrl(['http:', 'https:']),
  SPEECH_API_KEY: z.string().optional(),
  SPEECH_MODEL: z.string().default('whisper-1'),
  /**
   * OpenAI-compatible chat endpoint for LLM reply templates and the vision engine (POST
   * {base}/chat/completions); the vision engine needs a model that reads images.
   */
  LLM_BASE_URL: optionalUrl(['http:', 'https:']),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  /** How long the LLM has to answer one request. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /**
   * The workflow engine the consolidation module posts to (an n8n instance's webhook base:
   * `https://n8n.example.com/webhook`); each module names its workflow, posted to `{base}/{workflowId}`.
   */
  WORKFLOW_BASE_URL: optionalUrl(['http:', 'https:']),
  /** When set, each post to a workflow is signed with it (X-Signature-SHA256, as webhooks are). */
  WORKFLOW_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How long a workflow has to answer. */
  WORKFLOW_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  /**
   * Hosts, addresses and CIDR ranges that webhooks may reach although they are private or loopback
   * (DESIGN.md §9), comma-separated: `127.0.0.1,10.0.0.0/8,hooks.internal`.
   */
  OUTBOUND_ALLOW: z.string().default(''),
  /** How long a webhook's receiver has to answer one attempt. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The wait before a delivery's second attempt; it doubles at each further one (7 attempts). */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).default(60_000),
  /** A webhook whose deliveries have failed for this long without a success is deactivated. */
  WEBHOOK_DISABLE_AFTER: duration.default(86_400),
  /** `off` turns the environments' dashboards off on this deployment (spec §8 "Dashboards are not available"). */
  DASHBOARDS: z.enum(['on', 'off']).default('on'),
  /** How often the enabled alerts are evaluated (a job on the queue, taken by one worker). */
  ALERT_INTERVAL: duration.refine((s) => s >= 1, 'must be at least 1 second').default(60),
  /**
   * The key that seals connectors' secrets at rest (docs/security.md, "Secrets at rest"); in
   * production (NODE_ENV=production) no secret is stored without it. SECRETS_KEY_PREVIOUS opens what
   * the key before a rotation sealed.
   */
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SECRETS_KEY_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  NODE_ENV: z.string().optional(),
  /** How often an active mail connector looks for new mail (a job on the queue per connector). */
  CONNECTOR_INTERVAL: duration.refine((s) => s >= 1, 'must be at least 1 second').default(60),
  /** Microsoft Graph and the identity platform, for Exchange connectors (a stand-in's in tests). */
  GRAPH_BASE_URL: z
    .string()
    .refine((v) => ['http:', 'https:'].includes(protocolOf(v) ?? ''), 'expected an http or https URL')
    .default('https://graph.microsoft.com/v1.0'),
  MICROSOFT_LOGIN_URL: z
    .string()
    .refine((v) => ['http:', 'https:'].includes(protocolOf(v) ?? ''), 'expected an http or https URL')
    .default('https://login.microsoftonline.com'),
  /**
   * The platform's own Google OAuth client, offered to Gmail connectors without custom credentials
   * (its authorised redirect URI: PUBLIC_URL/integrations/gmail/callback).
   */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google's OAuth and Gmail API addresses (a stand-in's in tests). */
  GOOGLE_AUTH_URL: z
    .string()
    .refine((v) => ['http:', 'https:'].includes(protocolOf(v) ?? ''), 'expected an http or https URL')
    .default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z
    .string()
    .refine((v) => ['http:', 'https:'].includes(protocolOf(v) ?? ''), 'expected an http or https URL')
    .default('https://oauth2.googleapis.com/token'),
  GMAIL_BASE_URL: z
    .string()
    .refine((v) => ['http:', 'https:'].includes(protocolOf(v) ?? ''), 'expected an http or https URL')
    .default('https://gmail.googleapis.com/gmail/v1'),
  /** How long a crashed worker's run keeps its mailbox from the others (renewed at each batch). */
  CONNECTOR_LEASE: duration.refine((s) => s >= 1, 'must be at least 1 second').default(60),
  /** A connector failing this long without a success has its creator told by mail. */
  CONNECTOR_FAILING_MAIL_AFTER: duration.default(3600),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  passwordMaxAgeSeconds: number;
  resetTokenTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedAdminEmail: string | undefined;
  seedAdminPassword: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  consoleDir: string;
  loginLimits: { perAccount: number; perAddress: number; windowSeconds: number };
  resetLimits: { perAccount: number; perAddress: number; windowSeconds: number };
  trustProxy: TrustProxy;
  bodyLimitBytes: number;
  uploadMaxBytes: number;
  submissionLimits: {
    perKey: { perSecond: number; burst: number };
    perUser: { perSecond: number; burst: number };
  };
  analysis: {
    timeLimitSeconds: number;
    stallSeconds: number;
    manualStatusTimeoutSeconds: number;
    batchSize: number;
    /** Undefined: one per core. */
    threads: number | undefined;
    /** Characters of text the pipeline reads per analysis (docs/security.md, 'Large inputs'). */
    maxCharacters: number;
  };
  speech: { baseUrl: string; apiKey: string | undefined; model: string } | undefined;
  llm: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
  workflow: { baseUrl: string; secret: string | undefined; timeoutMs: number } | undefined;
  /** Outbound requests to private addresses these entries name are allowed (server/kernel/outbound.ts). */
  outboundAllow: string[];
  webhooks: { timeoutMs: number; retryBaseMs: number; disableAfterSeconds: number };
  /** Whether the environments' dashboards are offered (DASHBOARDS). */
  dashboards: boolean;
  /** Seconds between two evaluations of the alerts (ALERT_INTERVAL). */
  alertIntervalSeconds: number;
  secrets: { key: string | undefined; previousKey: string | undefined };
  /** NODE_ENV=production: no generated fallbacks for what a deployment must give (SECRETS_KEY). */
  production: boolean;
  /** Seconds between two fetches of an active mail connector (CONNECTOR_INTERVAL). */
  connectorIntervalSeconds: number;
  connectorLeaseSeconds: number;
  /** Where Exchange connectors reach Microsoft (GRAPH_BASE_URL, MICROSOFT_LOGIN_URL). */
  microsoft: { graphBaseUrl: string; loginBaseUrl: string };
  /** Google's addresses and the platform's own OAuth client for Gmail connectors (when set). */
  google: {
    authUrl: string;
    tokenUrl: string;
    gmailBaseUrl: string;
    client: { id: string; secret: string } | undefined;
  };
  /** Seconds of failures after which a connector's creator is mailed (CONNECTOR_FAILING_MAIL_AFTER). */
  connectorFailingMailAfterSeconds: number;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and checks the configuration.
 *
 * @example
 * const config = loadConfig({ ...process.env, PORT: '0' });
 */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  if (e.SEED_ADMIN_PASSWORD !== undefined && e.SEED_ADMIN_EMAIL === undefined) {
    throw new ConfigError(['SEED_ADMIN_PASSWORD: set SEED_ADMIN_EMAIL too']);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL,
    passwordMaxAgeSeconds: e.PASSWORD_MAX_AGE,
    resetTokenTtlSeconds: e.RESET_TOKEN_TTL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedAdminEmail: e.SEED_ADMIN_EMAIL,
    seedAdminPassword: e.SEED_ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    consoleDir: path.resolve(e.CONSOLE_DIR),
    loginLimits: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: e.LOGIN_FAILURE_WINDOW,
    },
    resetLimits: {
      perAccount: e.PASSWORD_RESET_MAX_PER_ACCOUNT,
      perAddress: e.PASSWORD_RESET_MAX_PER_ADDRESS,
      windowSeconds: e.PASSWORD_RESET_WINDOW,
    },
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    submissionLimits: {
      perKey: { perSecond: e.ANALYSIS_RATE_PER_KEY, burst: e.ANALYSIS_BURST_PER_KEY },
      perUser: { perSecond: e.ANALYSIS_RATE_PER_USER, burst: e.ANALYSIS_BURST_PER_USER },
    },
    analysis: {
      timeLimitSeconds: e.ANALYSIS_TIME_LIMIT,
      stallSeconds: e.ANALYSIS_STALL,
      manualStatusTimeoutSeconds: e.MANUAL_STATUS_TIMEOUT,
      batchSize: e.ANALYSIS_BATCH,
      threads: e.ANALYSIS_THREADS,
      maxCharacters: e.ANALYSIS_MAX_CHARACTERS,
    },
    speech: e.SPEECH_BASE_URL
      ? { baseUrl: e.SPEECH_BASE_URL, apiKey: e.SPEECH_API_KEY, model: e.SPEECH_MODEL }
      : undefined,
    llm: e.LLM_BASE_URL
      ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL, timeoutMs: e.LLM_TIMEOUT_MS }
      : undefined,
    workflow: e.WORKFLOW_BASE_URL
      ? { baseUrl: e.WORKFLOW_BASE_URL, secret: e.WORKFLOW_SECRET, timeoutMs: e.WORKFLOW_TIMEOUT_MS }
      : undefined,
    outboundAllow: e.OUTBOUND_ALLOW.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    webhooks: {
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      disableAfterSeconds: e.WEBHOOK_DISABLE_AFTER,
    },
    dashboards: e.DASHBOARDS === 'on',
    alertIntervalSeconds: e.ALERT_INTERVAL,
    secrets: { key: e.SECRETS_KEY, previousKey: e.SECRETS_KEY_PREVIOUS },
    production: e.NODE_ENV === 'production',
    connectorIntervalSeconds: e.CONNECTOR_INTERVAL,
    connectorFailingMailAfterSeconds: e.CONNECTOR_FAILING_MAIL_AFTER,
    connectorLeaseSeconds: e.CONNECTOR_LEASE,
    google: {
      authUrl: e.GOOGLE_AUTH_URL,
      tokenUrl: e.GOOGLE_TOKEN_URL,
      gmailBaseUrl: e.GMAIL_BASE_URL.replace(/\/$/, ''),
      client:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? { id: e.GOOGLE_CLIENT_ID, secret: e.GOOGLE_CLIENT_SECRET }
          : undefined,
    },
    microsoft: {
      graphBaseUrl: e.GRAPH_BASE_URL.replace(/\/$/, ''),
      loginBaseUrl: e.MICROSOFT_LOGIN_URL.replace(/\/$/, ''),
    },
  };
};
