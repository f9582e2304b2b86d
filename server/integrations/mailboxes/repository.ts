import { randomUUID } from 'node:crypto';
import type {
  Connector,
  ConnectorProblem,
  ConnectorRun,
  ConnectorAuthorization,
  ExchangeSettings,
  GmailSettings,
  ImapSettings,
} from '../../../schemas/contracts/connectors';
import type { OutputPayload } from '../../../schemas/output';
import { first, type Queryable } from '../../kernel/db';

// The only SQL on the connectors' tables (migration 034): connectors, the messages they brought
// in, and their runs.

export interface ConnectorRow {
  id: string;
  environment_id: string;
  name: string;
  app_type: 'imap' | 'exchange' | 'gmail';
  active: boolean;
  settings: ImapSettings | ExchangeSettings | GmailSettings;
  grant_state: ConnectorAuthorization | null;
  secrets: string | null;
  secret_fields: string[];
  cursor: Record<string, unknown>;
  health: 'unknown' | 'healthy' | 'unhealthy';
  health_problem: ConnectorProblem | null;
  failing_since: Date | null;
  failure_mailed_at: Date | null;
  last_execution_at: Date | null;
  rate_limited_until: Date | null;
  token_expires_at: Date | null;
  owner_id: string | null;
  owner_locale: string;
  created_at: Date;
  updated_at: Date;
  owner_name?: string | null;
  messages?: number | string;
  pending_write_backs?: number | string;
  [key: string]: unknown;
}

interface RunRow {
  id: string;
  connector_id: string;
  kind: 'scheduled' | 'manual';
  state: 'queued' | 'running' | 'done' | 'failed';
  from_date: Date | null;
  to_date: Date | null;
  force_duplicates: boolean;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  found: number;
  fetched: number;
  duplicates: number;
  blacklisted: number;
  too_large: number;
  written_back: number;
  problem: ConnectorProblem | null;
  [key: string]: unknown;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const runRecord = (r: RunRow): ConnectorRun => ({
  id: r.id,
  kind: r.kind,
  state: r.state,
  fromDate: iso(r.from_date),
  toDate: iso(r.to_date),
  forceDuplicates: r.force_duplicates,
  createdAt: r.created_at.toISOString(),
  startedAt: iso(r.started_at),
  finishedAt: iso(r.finished_at),
  found: r.found,
  fetched: r.fetched,
  duplicates: r.duplicates,
  blacklisted: r.blacklisted,
  tooLarge: r.too_large,
  writtenBack: r.written_back,
  problem: r.problem,
});

/** A connector as the API answers it: never its secrets, only which are set. */
export const connectorRecord = (row: ConnectorRow, lastRun: RunRow | undefined): Connector => ({
  ...(row.app_type === 'imap'
    ? {
        appType: 'imap' as const,
        // Settings stored before a field existed read as its default.
        settings: {
          ...(row.settings as ImapSettings),
          labelMode: (row.settings as ImapSettings).labelMode ?? 'keyword',
        },
      }
    : row.app_type === 'exchange'
      ? { appType: 'exchange' as const, settings: row.settings as ExchangeSettings }
      : { appType: 'gmail' as const, settings: row.settings as GmailSettings }),
  authorization: row.grant_state,
  id: row.id,
  environmentId: row.environment_id,
  name: row.name,
  active: row.active,
  secretsSet: row.secret_fields,
  health: row.health,
  healthProblem: row.health_problem,
  failingSince: iso(row.failing_since),
  lastExecutionAt: iso(row.last_execution_at),
  lastRun: lastRun ? runRecord(lastRun) : null,
  rateLimitedUntil: iso(row.rate_limited_until),
  tokenExpiresAt: iso(row.token_expires_at),
  messages: Number(row.messages ?? 0),
  pendingWriteBacks: Number(row.pending_write_backs ?? 0),
  ownerName: row.owner_name ?? null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const SELECT_CONNECTOR = `
  SELECT c.*, u.username AS owner_name,
         (SELECT count(*) FROM connector_messages m WHERE m.connector_id = c.id) AS messages,
         (SELECT count(*) FROM connector_messages m WHERE m.connector_id = c.id AND m.written_back_at IS NULL
            AND m.analysis_id IS NOT NULL) AS pending_write_backs
  FROM connectors c LEFT JOIN users u ON u.id = c.owner_id`;

/** Each connector's latest run. */
const lastRuns = async (q: Queryable, ids: string[]) => {
  if (ids.length === 0) return new Map<string, RunRow>();
  const rows = await q.query<RunRow>(
    `SELECT DISTINCT ON (connector_id) * FROM connector_runs WHERE connector_id = ANY($1::uuid[])
     ORDER BY connector_id, created_at DESC, id`,
    [ids],
  );
  return new Map(rows.map((r) => [r.connector_id, r]));
};

export const listConnectors = async (q: Queryable, environmentId: string): Promise<Connector[]> => {
  const rows = await q.query<ConnectorRow>(
    `${SELECT_CONNECTOR} WHERE c.environment_id = $1 ORDER BY c.created_at, c.id`,
    [environmentId],
  );
  const runs = await lastRuns(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => connectorRecord(r, runs.get(r.id)));
};

export const connectorRow = (q: Queryable, environmentId: string, id: string) =>
  first(
    q.query<ConnectorRow>(`${SELECT_CONNECTOR} WHERE c.environment_id = $1 AND c.id = $2`, [
      environmentId,
      id,
    ]),
  );

/** A connector by id alone (the worker's), with its secrets. */
export const connectorById = (q: Queryable, id: string) =>
  first(q.query<ConnectorRow>(`${SELECT_CONNECTOR} WHERE c.id = $1`, [id]));

export const readConnector = async (q: Queryable, environmentId: string, id: string) => {
  const row = await connectorRow(q, environmentId, id);
  if (!row) return undefined;
  return connectorRecord(row, (await lastRuns(q, [id])).get(id));
};

export const insertConnector = async (
  q: Queryable,
  c: {
    environmentId: string;
    name: string;
    appType: 'imap' | 'exchange' | 'gmail';
    settings: ImapSettings | ExchangeSettings | GmailSettings;
    secrets: string | null;
    secretFields: string[];
    ownerId: string;
    ownerLocale: string;
  },
) => {
  const id = randomUUID();
  await q.query(
    `INSERT INTO connectors (id, environment_id, name, app_type, settings, secrets, secret_fields, owner_id, owner_locale,
                             grant_state)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $4 = 'gmail' THEN 'notConfigured' END)`,
    [
      id,
      c.environmentId,
      c.name,
      c.appType,
      JSON.stringify(c.settings),
      c.secrets,
      c.secretFields,
      c.ownerId,
      c.ownerLocale,
    ],
  );
  return id;
};

/**
 * New settings (and secrets, when some were sent). A change of mailbox (host, user or folder)
 * starts the cursor again: the new folder is read from the start date, duplicates kept out by key.
 */
export const updateConnector = (
  q: Queryable,
  id: string,
  c: {
    name: string;
    settings: ImapSettings | ExchangeSettings | GmailSettings;
    secrets: string | null;
    secretFields: string[];
    mailboxChanged: boolean;
  },
) =>
  q.query(
    `UPDATE connectors SET name = $2, settings = $3, secrets = coalesce($4, secrets), secret_fields = $5,
            cursor = CASE WHEN $6 THEN '{}'::jsonb ELSE cursor END,
            health = CASE WHEN $4::text IS NOT NULL OR $6 THEN 'unknown' ELSE health END,
            updated_at = now()
     WHERE id = $1`,
    [id, c.name, JSON.stringify(c.settings), c.secrets, c.secretFields, c.mailboxChanged],
  );

export const deleteConnector = (q: Queryable, id: string) =>
  q.query('DELETE FROM connectors WHERE id = $1', [id]);

/** Activated connectors are due at once; a deactivated one keeps its cursor for when it comes back. */
export const setConnectorActive = (q: Queryable, id: string, active: boolean) =>
  q.query(
    `UPDATE connectors SET active = $2, updated_at = now(), next_run_at = CASE WHEN $2 THEN now() ELSE next_run_at END,
            failing_since = CASE WHEN $2 THEN NULL ELSE failing_since END
     WHERE id = $1`,
    [id, active],
  );

/**
 * What a check or a run found: healthy, or unhealthy with the reason (kept since the first failure
 * of a series, for the mail to its owner). Answers the row when it has failed for `mailAfterSeconds`
 * and its owner was not told yet (the caller mails, in the same transaction).
 */
export const recordHealth = async (
  q: Queryable,
  id: string,
  problem: ConnectorProblem | null,
  /** null: never answers a row (a check from the console, not a run). */
  mailAfterSeconds: number | null,
) =>
  first(
    q.query<{
      id: string;
      name: string;
      environment_id: string;
      email: string | null;
      locale: string;
      project_id: string;
      environment_name: string;
      failing_since: Date;
    }>(
      `WITH old AS (SELECT failure_mailed_at FROM connectors WHERE id = $1), u AS (
         UPDATE connectors c SET
           health = CASE WHEN $2::jsonb IS NULL THEN 'healthy' ELSE 'unhealthy' END,
           health_problem = $2::jsonb,
           failing_since = CASE WHEN $2::jsonb IS NULL THEN NULL ELSE coalesce(c.failing_since, now()) END,
           failure_mailed_at = CASE
             WHEN $2::jsonb IS NULL THEN NULL
             WHEN c.failure_mailed_at IS NULL
                  AND coalesce(c.failing_since, now()) <= now() - make_interval(secs => $3::int) THEN now()
             ELSE c.failure_mailed_at END
         WHERE c.id = $1 RETURNING c.*
       )
       SELECT u.id, u.name, u.environment_id, u.failing_since, e.name AS environment_name, e.project_id,
              owner.email, COALESCE(owner.language, u.owner_locale) AS locale
       FROM u JOIN environments e ON e.id = u.environment_id LEFT JOIN users owner ON owner.id = u.owner_id
       WHERE u.failure_mailed_at IS NOT NULL AND (SELECT failure_mailed_at FROM old) IS NULL`,
      [id, problem ? JSON.stringify(problem) : null, mailAfterSeconds],
    ),
  );

/** Asks for a run now (a manual run waits in `connector_runs`; the next job takes it). */
export const queueManualRun = async (
  q: Queryable,
  connectorId: string,
  run: { fromDate: string; toDate: string | null; forceDuplicates: boolean; requestedBy: string },
) => {
  const [row] = await q.query<RunRow>(
    `INSERT INTO connector_runs (id, connector_id, kind, state, from_date, to_date, force_duplicates, requested_by)
     VALUES ($1, $2, 'manual', 'queued', $3, $4, $5, $6) RETURNING *`,
    [randomUUID(), connectorId, run.fromDate, run.toDate, run.forceDuplicates, run.requestedBy],
  );
  await q.query('UPDATE connectors SET next_run_at = now() WHERE id = $1', [connectorId]);
  return runRecord(row);
};

export const listRuns = async (q: Queryable, connectorId: string, limit = 50) =>
  (
    await q.query<RunRow>(
      'SELECT * FROM connector_runs WHERE connector_id = $1 ORDER BY created_at DESC, id LIMIT $2',
      [connectorId, limit],
    )
  ).map(runRecord);

/** Runs kept per connector: the log shows the latest. */
const RUNS_KEPT = 100;

/** The connectors due for a run: active ones past their time, and any with a manual run waiting. */
export const dueConnectors = async (q: Queryable) =>
  (
    await q.query<{ id: string }>(
      `SELECT id FROM connectors
       WHERE (active AND next_run_at <= now() AND (rate_limited_until IS NULL OR rate_limited_until <= now()))
          OR EXISTS (SELECT 1 FROM connector_runs r WHERE r.connector_id = connectors.id AND r.state = 'queued')
       LIMIT 1000`,
    )
  ).map((r) => r.id);

/**
 * The connector's lease for one run: taken when free or expired. With it, one worker fetches the
 * mailbox at a time, whatever the number of workers and jobs.
 */
export const takeLease = (q: Queryable, id: string, owner: string, seconds: number) =>
  first(
    q.query<ConnectorRow>(
      `UPDATE connectors SET lease_until = now() + make_interval(secs => $3), lease_owner = $2
       WHERE id = $1 AND (lease_until IS NULL OR lease_until < now()) RETURNING *`,
      [id, owner, seconds],
    ),
  );

export const extendLease = (q: Queryable, id: string, owner: string, seconds: number) =>
  q.query(
    `UPDATE connectors SET lease_until = now() + make_interval(secs => $3) WHERE id = $1 AND lease_owner = $2`,
    [id, owner, seconds],
  );

/** The longest wait between two runs of a connector that keeps failing. */
const FAILING_MAX_WAIT_SECONDS = 3600;

/**
 * Ends a run: the lease given back, the next run's time — now when work remains, after the
 * interval, or, for a connector failing, after as long as it has been failing (so the waits double,
 * from the interval up to an hour: a mailbox gone for a day is not knocked on every minute).
 */
export const releaseLease = (q: Queryable, id: string, owner: string, nextInSeconds: number) =>
  q.query(
    `UPDATE connectors SET lease_until = NULL, lease_owner = NULL, last_execution_at = now(),
            next_run_at = now() + make_interval(secs => CASE
              WHEN failing_since IS NULL OR $3 = 0 THEN $3
              ELSE LEAST(${FAILING_MAX_WAIT_SECONDS}, GREATEST($3, extract(epoch FROM now() - failing_since)))
            END)
     WHERE id = $1 AND lease_owner = $2`,
    [id, owner, nextInSeconds],
  );

export const setRateLimited = (q: Queryable, id: string, until: Date | null) =>
  q.query('UPDATE connectors SET rate_limited_until = $2 WHERE id = $1', [id, until]);

export const setAuthorization = (q: Queryable, id: string, authorization: ConnectorAuthorization) =>
  q.query('UPDATE connectors SET grant_state = $2, updated_at = now() WHERE id = $1', [id, authorization]);

/** The grant given: the secrets sealed again with the refresh token, the connector configured. */
export const storeGrant = (q: Queryable, id: string, sealedSecrets: string, expiresAt: Date) =>
  q.query(
    `UPDATE connectors SET secrets = $2, grant_state = 'configured', token_expires_at = $3,
            health = 'unknown', health_problem = NULL, updated_at = now()
     WHERE id = $1`,
    [id, sealedSecrets, expiresAt],
  );

/** A consent page opened: its state (hashed), the sealed PKCE verifier, who, until when. */
export const insertOAuthState = async (
  q: Queryable,
  s: {
    stateHash: string;
    connectorId: string;
    userId: string;
    verifier: string;
    redirectUri: string;
    seconds: number;
  },
) => {
  await q.query(
    `INSERT INTO connector_oauth_states (state_hash, connector_id, user_id, verifier, redirect_uri, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [s.stateHash, s.connectorId, s.userId, s.verifier, s.redirectUri, s.seconds],
  );
  await q.query(`UPDATE connectors SET grant_state = 'configuring', updated_at = now() WHERE id = $1`, [
    s.connectorId,
  ]);
  const [{ expires_at }] = await q.query<{ expires_at: Date }>(
    'SELECT expires_at FROM connector_oauth_states WHERE state_hash = $1',
    [s.stateHash],
  );
  return expires_at;
};

/** A state brought back by the callback, used at most once: its row when valid for that user. */
export const consumeOAuthState = (q: Queryable, stateHash: string, userId: string) =>
  first(
    q.query<{ connector_id: string; verifier: string; redirect_uri: string }>(
      `UPDATE connector_oauth_states SET used_at = now()
       WHERE state_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now()
       RETURNING connector_id, verifier, redirect_uri`,
      [stateHash, userId],
    ),
  );

export const setTokenExpiry = (q: Queryable, id: string, at: Date | null) =>
  q.query('UPDATE connectors SET token_expires_at = $2 WHERE id = $1', [id, at]);

export const resealSecrets = (q: Queryable, id: string, secrets: string) =>
  q.query('UPDATE connectors SET secrets = $2 WHERE id = $1', [id, secrets]);

/** The oldest manual run waiting, marked running. */
export const startManualRun = (q: Queryable, connectorId: string) =>
  first(
    q.query<RunRow>(
      `UPDATE connector_runs SET state = 'running', started_at = now()
       WHERE id = (SELECT id FROM connector_runs WHERE connector_id = $1 AND state = 'queued'
                   ORDER BY created_at, id LIMIT 1)
       RETURNING *`,
      [connectorId],
    ),
  );

export const startScheduledRun = async (q: Queryable, connectorId: string) => {
  const [row] = await q.query<RunRow>(
    `INSERT INTO connector_runs (id, connector_id, kind, state, started_at) VALUES ($1, $2, 'scheduled', 'running', now())
     RETURNING *`,
    [randomUUID(), connectorId],
  );
  return row;
};

export interface RunCounts {
  found: number;
  fetched: number;
  duplicates: number;
  blacklisted: number;
  tooLarge: number;
  writtenBack: number;
}

/** A run's counts so far (the console shows its progress while it runs). */
export const recordProgress = (q: Queryable, runId: string, c: RunCounts) =>
  q.query(
    `UPDATE connector_runs SET found = $2, fetched = $3, duplicates = $4, blacklisted = $5, too_large = $6, written_back = $7
     WHERE id = $1`,
    [runId, c.found, c.fetched, c.duplicates, c.blacklisted, c.tooLarge, c.writtenBack],
  );

/**
 * Ends a run. A scheduled run that found nothing, wrote nothing back and did not fail is not kept:
 * the log holds what happened, not every minute's look at an empty mailbox.
 */
export const finishRun = async (
  q: Queryable,
  runId: string,
  connectorId: string,
  c: RunCounts,
  problem: ConnectorProblem | null,
) => {
  await recordProgress(q, runId, c);
  await q.query(
    `UPDATE connector_runs SET state = CASE WHEN $2::jsonb IS NULL THEN 'done' ELSE 'failed' END,
            finished_at = now(), problem = $2::jsonb
     WHERE id = $1`,
    [runId, problem ? JSON.stringify(problem) : null],
  );
  await q.query(
    `DELETE FROM connector_runs WHERE id = $1 AND kind = 'scheduled' AND problem IS NULL AND found = 0 AND written_back = 0`,
    [runId],
  );
  await q.query(
    `DELETE FROM connector_runs WHERE connector_id = $1 AND state IN ('done', 'failed') AND id NOT IN (
       SELECT id FROM connector_runs WHERE connector_id = $1 ORDER BY created_at DESC LIMIT ${RUNS_KEPT})`,
    [connectorId],
  );
};

/** Runs a worker died in the middle of: failed, so the log does not show them running for ever. */
export const failAbandonedRuns = (q: Queryable, connectorId: string) =>
  q.query(
    `UPDATE connector_runs SET state = 'failed', finished_at = now(),
            problem = '{"code":"RUN_INTERRUPTED","message":"The worker running it stopped; the next run went on from where it was"}'::jsonb
     WHERE connector_id = $1 AND state = 'running'`,
    [connectorId],
  );

/** Moves the connector's cursor (in the transaction that records the messages it passed). */
export const saveCursor = (q: Queryable, id: string, cursor: Record<string, unknown>) =>
  q.query('UPDATE connectors SET cursor = $2 WHERE id = $1', [id, JSON.stringify(cursor)]);

/**
 * Records messages brought in: answers the keys that were new (the others were fetched before).
 * `force` makes every key new again (a manual run with forceDuplicates): its row points to the new
 * analysis and is written back again.
 */
export const recordMessages = async (
  q: Queryable,
  connectorId: string,
  messages: { key: string; location: object }[],
  force: boolean,
): Promise<Set<string>> => {
  if (messages.length === 0) return new Set();
  const rows = await q.query<{ message_key: string }>(
    `INSERT INTO connector_messages (connector_id, message_key, location)
     SELECT $1, m.key, m.location FROM jsonb_to_recordset($2::jsonb) AS m(key text, location jsonb)
     ON CONFLICT (connector_id, message_key) DO ${force ? `UPDATE SET location = EXCLUDED.location, written_back_at = NULL, write_back_tries = 0, write_back_error = NULL, fetched_at = now()` : 'NOTHING'}
     RETURNING message_key`,
    [connectorId, JSON.stringify(messages)],
  );
  return new Set(rows.map((r) => r.message_key));
};

/** Points each message recorded to the analysis made of it. */
export const linkAnalyses = (
  q: Queryable,
  connectorId: string,
  links: { key: string; analysisId: string }[],
) =>
  links.length === 0
    ? Promise.resolve([])
    : q.query(
        `UPDATE connector_messages m SET analysis_id = l.id
         FROM jsonb_to_recordset($2::jsonb) AS l(key text, id uuid)
         WHERE m.connector_id = $1 AND m.message_key = l.key`,
        [connectorId, JSON.stringify(links.map((l) => ({ key: l.key, id: l.analysisId })))],
      );

export interface PendingWriteBack {
  message_key: string;
  location: Record<string, unknown>;
  analysis_id: string;
  status: string;
  output: OutputPayload | null;
  exchange_labels: unknown;
  [key: string]: unknown;
}

/** Messages whose analysis has ended (its final status given, when it waited for one), not written back yet. */
export const pendingWriteBacks = (q: Queryable, connectorId: string, limit: number) =>
  q.query<PendingWriteBack>(
    `SELECT m.message_key, m.location, m.analysis_id, a.status, a.result -> 'output' AS output, a.exchange_labels
     FROM connector_messages m JOIN analyses a ON a.id = m.analysis_id
     WHERE m.connector_id = $1 AND m.written_back_at IS NULL AND a.status IN ('processed', 'error')
     ORDER BY m.fetched_at LIMIT $2`,
    [connectorId, limit],
  );

/** Tries after which a message's write-back is given up (its error stays on the row). */
export const WRITE_BACK_TRIES = 5;

export const recordWriteBacks = async (
  q: Queryable,
  connectorId: string,
  done: { key: string; error: ConnectorProblem | null }[],
) => {
  if (done.length === 0) return;
  await q.query(
    `UPDATE connector_messages m SET
       write_back_tries = m.write_back_tries + 1,
       write_back_error = d.error,
       written_back_at = CASE WHEN d.error IS NULL OR m.write_back_tries + 1 >= ${WRITE_BACK_TRIES} THEN now() END
     FROM jsonb_to_recordset($2::jsonb) AS d(key text, error jsonb)
     WHERE m.connector_id = $1 AND m.message_key = d.key`,
    [connectorId, JSON.stringify(done)],
  );
};
