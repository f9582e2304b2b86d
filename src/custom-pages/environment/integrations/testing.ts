/**
 * Fixtures of the integrations pages' tests: connectors and runs shaped as the platform answers
 * them (schemas/contracts/connectors.ts). Only tests import this file.
 */
import type {
  ConnectorRun,
  ExchangeConnector,
  GmailConnector,
  ImapConnector,
} from '../../../../schemas/contracts/connectors';

export const makeRun = (overrides: Partial<ConnectorRun> = {}): ConnectorRun => ({
  id: 'r1',
  kind: 'scheduled',
  state: 'done',
  fromDate: null,
  toDate: null,
  forceDuplicates: false,
  createdAt: '2026-03-05T10:00:00.000Z',
  startedAt: '2026-03-05T10:00:01.000Z',
  finishedAt: '2026-03-05T10:00:03.000Z',
  found: 4,
  fetched: 3,
  duplicates: 0,
  blacklisted: 1,
  tooLarge: 0,
  writtenBack: 3,
  problem: null,
  ...overrides,
});

/** An IMAP connector, active and healthy. */
export const makeConnector = (overrides: Partial<ImapConnector> = {}): ImapConnector => ({
  id: 'c1',
  environmentId: 'e1',
  name: 'Claims inbox',
  appType: 'imap',
  active: true,
  settings: {
    host: 'imap.acme.test',
    port: 993,
    security: 'tls',
    username: 'claims@acme.test',
    folder: 'INBOX',
    draftsFolder: null,
    startDate: '2026-03-04T10:00:00.000Z',
    labelMode: 'keyword',
    blacklist: ['spam.test'],
    postProcessors: ['LABEL', 'DRAFT'],
    expectConsolidation: false,
  },
  secretsSet: ['password'],
  health: 'healthy',
  healthProblem: null,
  failingSince: null,
  lastExecutionAt: '2026-03-05T10:00:03.000Z',
  lastRun: makeRun(),
  rateLimitedUntil: null,
  tokenExpiresAt: null,
  authorization: null,
  messages: 12,
  pendingWriteBacks: 0,
  ownerName: 'Bob Smith',
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
  ...overrides,
});

/** An Exchange connector (Microsoft Graph), active and healthy, its client secret stored. */
export const makeExchangeConnector = (overrides: Partial<ExchangeConnector> = {}): ExchangeConnector => {
  const { settings: _imap, appType: _type, secretsSet: _secrets, ...common } = makeConnector();
  return {
    ...common,
    id: 'c5',
    name: 'Outlook claims',
    appType: 'exchange',
    settings: {
      clientId: '11111111-2222-3333-4444-555555555555',
      tenantId: 'contoso.onmicrosoft.com',
      userEmail: 'claims@contoso.test',
      startDate: '2026-03-04T10:00:00.000Z',
      blacklist: ['spam.test'],
      postProcessors: ['LABEL', 'METADATA'],
      expectConsolidation: true,
    },
    secretsSet: ['clientSecret'],
    ...overrides,
  };
};

/**
 * A Gmail connector through the platform's OAuth client (no custom credentials), inactive, its
 * grant not given yet.
 */
export const makeGmailConnector = (overrides: Partial<GmailConnector> = {}): GmailConnector => {
  const { settings: _imap, appType: _type, secretsSet: _secrets, ...common } = makeConnector();
  return {
    ...common,
    id: 'c8',
    name: 'Gmail claims',
    appType: 'gmail',
    active: false,
    health: 'unknown',
    lastExecutionAt: null,
    lastRun: null,
    messages: 0,
    settings: {
      customCredentials: false,
      clientId: null,
      redirectUri: null,
      user: 'claims@gmail.test',
      startDate: null,
      blacklist: [],
      postProcessors: ['LABEL', 'DRAFT'],
      expectConsolidation: false,
    },
    secretsSet: [],
    authorization: 'notConfigured',
    ...overrides,
  };
};
