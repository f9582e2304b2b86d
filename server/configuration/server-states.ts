import type PgBoss from 'pg-boss';
import type { Db, Queryable } from '../kernel/db';
import type { Logger } from '../kernel/logger';
import { unloadServer } from '../pipeline/nlu/servers';
import { queues } from '../kernel/queue';

/** Spec pipeline §4 and §9: a server unused for this long stops. */
export const SERVER_IDLE_MINUTES = 5;

/**
 * An NLU server's state and last use live in its document (`state`, `lastUsedAt`), written by the
 * platform only: the start / stop routes, the analysis worker, the idle job. They do not change the
 * document's `updated_at`, which dates the configuration a worker compiled.
 */
export const setServerState = (q: Queryable, ids: string[], state: 'started' | 'stopped') => {
  for (const id of ids) markedAt.delete(id);
  return q.query<{ id: string }>(
    `UPDATE resource_documents SET data = data || jsonb_build_object('state', $2::text,
       'lastUsedAt', CASE WHEN $2 = 'started' THEN to_jsonb(now()) ELSE data->'lastUsedAt' END)
     WHERE resource = 'nlu-server' AND id = ANY($1::uuid[]) RETURNING id`,
    [ids, state],
  );
};

/** A server marked used is not marked again for this long: one write per half-minute, not one per batch. */
const MARK_EVERY_MS = 30_000;
/** When this process last marked each server (the statement itself skips those marked by others). */
const markedAt = new Map<string, number>();

/**
 * Marks servers used by analyses just run: started, last used now. Skips servers already marked
 * within the last 30 seconds, by this process without a statement, by another in the statement.
 * A server stopped (by a user, or the idle job) is marked again at its next analysis: its stop
 * forgets it here (setServerState); in another process, after at most half a minute.
 */
export const markServersUsed = async (q: Queryable, serverIds: string[]) => {
  const now = Date.now();
  const ids = serverIds.filter((id) => (markedAt.get(id) ?? -Infinity) <= now - MARK_EVERY_MS);
  if (ids.length === 0) return;
  for (const id of ids) markedAt.set(id, now);
  if (markedAt.size > 10_000) markedAt.clear();
  await q.query(
    `UPDATE resource_documents SET data = data || jsonb_build_object('state', 'started', 'lastUsedAt', to_jsonb(now()))
     WHERE resource = 'nlu-server' AND id = ANY($1::uuid[])
       AND (data->>'state' IS DISTINCT FROM 'started' OR data->>'lastUsedAt' IS NULL
            OR (data->>'lastUsedAt')::timestamptz < now() - interval '30 seconds')`,
    [ids],
  );
};

/** Stops the servers unused for SERVER_IDLE_MINUTES; answers their ids. */
export const stopIdleServers = async (q: Queryable): Promise<string[]> => {
  const rows = await q.query<{ id: string }>(
    `UPDATE resource_documents SET data = data || '{"state":"stopped"}'::jsonb
     WHERE resource = 'nlu-server' AND data->>'state' = 'started'
       AND coalesce((data->>'lastUsedAt')::timestamptz, updated_at) < now() - interval '${SERVER_IDLE_MINUTES} minutes'
     RETURNING id`,
  );
  return rows.map((r) => r.id);
};

/** Checks every minute for idle servers (pg-boss cron: one run across all workers). */
export const startServerIdleWorker = async (boss: PgBoss, db: Db, log: Logger) => {
  await boss.schedule(queues.nluIdle, '* * * * *');
  await boss.work(queues.nluIdle, { pollingIntervalSeconds: 5 }, async () => {
    const stopped = await stopIdleServers(db);
    for (const id of stopped) markedAt.delete(id);
    for (const id of stopped) unloadServer(id);
    if (stopped.length) log.info({ count: stopped.length }, 'idle NLU servers stopped');
  });
};
