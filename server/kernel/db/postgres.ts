import pg from 'pg';
import type { Logger } from '../logger';
import { boundValue, type Db, type Prepared, type Queryable, type Row } from './db';
import { isConnectionError } from './retry';

/** How long a query waits for a connection when the server does not answer (an unreachable host). */
const CONNECT_TIMEOUT_MS = 5000;

export interface PostgresOptions {
  /** Where lost connections are reported (the process's logger). */
  log?: Pick<Logger, 'warn'>;
}

/**
 * A PostgreSQL server through a pg pool; several API and worker processes may share it. The pool
 * survives a server restart (docs/decisions/platform-database-restarts.md): a connection that breaks,
 * idle or in use, is reported and dropped, never thrown as an unhandled 'error' event (which would
 * end the process), and the next query opens a new one. Queries that fail meanwhile reject with
 * the connection error (retry.ts isConnectionError): the API answers 503, the worker retries.
 * `connectionString` goes to pg as it is, so that its own parser reads socket URLs
 * (`postgres://user@/db?host=/var/run/postgresql`).
 */
export const openPostgres = async (connectionString: string, options: PostgresOptions = {}): Promise<Db> => {
  const { log } = options;
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A server gone without a word (a failover, a cut network) is noticed on idle connections too.
    keepAlive: true,
  });
  // An idle connection that ends (57P01 on a restart): the pool has dropped it already.
  pool.on('error', (err) =>
    log?.warn({ err }, 'an idle database connection was lost; the next query opens a new one'),
  );
  // Fail at boot, with the server's own words, rather than at the first request.
  await pool.query('SELECT 1');
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    // A Prepared statement goes by its name: pg parses it once per connection.
    query: async <T extends Row>(statement: string | Prepared, params?: unknown[]) =>
      (
        await c.query<T>(
          typeof statement === 'string' ? statement : { name: statement.name, text: statement.text },
          params?.map(boundValue),
        )
      ).rows,
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      // While the client is ours the pool does not listen to it: a connection lost between two
      // statements of the transaction would otherwise be an unhandled 'error' event.
      let lost: Error | undefined;
      const onError = (err: Error) => {
        lost = err;
        log?.warn({ err }, 'a database connection was lost in a transaction');
      };
      client.on('error', onError);
      let failure: unknown;
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        failure = err;
        if (!lost && !isConnectionError(err)) await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.off('error', onError);
        // A broken connection is destroyed, not given back to the pool.
        const broken = lost ?? (isConnectionError(failure) ? (failure as Error) : undefined);
        client.release(broken);
      }
    },
    executeSql: async (text, values) => {
      const result = (await pool.query(text, values)) as unknown as
        pg.QueryResult<Row> | pg.QueryResult<Row>[];
      return Array.isArray(result) ? result.map((r) => ({ rows: r.rows })) : { rows: result.rows };
    },
    listen: (channel, onPayload) => listenOn(connectionString, channel, onPayload, log),
    close: () => pool.end(),
  };
};

/** How long a lost listening connection waits before each new try to connect (the last one repeats). */
const RELISTEN_MS = [100, 500, 2000, 5000];

/**
 * LISTEN on a connection of its own (a pool's connections are shared and may not keep a LISTEN),
 * connected again after a loss — a server restart — with backoff, for as long as it is wanted.
 */
const listenOn = async (
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  log?: Pick<Logger, 'warn'>,
): Promise<() => Promise<void>> => {
  let client: pg.Client | undefined;
  let stopped = false;
  let failures = 0;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({
      connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    c.on('notification', (n) => n.channel === channel && onPayload(n.payload ?? ''));
    c.on('error', (err) => {
      log?.warn({ err, channel }, 'the listening database connection was lost; it connects again');
      void c.end().catch(() => undefined);
      if (client === c) again();
    });
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) {
      await c.end();
      return;
    }
    client = c;
    failures = 0;
  };
  const again = () => {
    client = undefined;
    if (stopped) return;
    const delay = RELISTEN_MS[Math.min(failures++, RELISTEN_MS.length - 1)];
    setTimeout(() => void connect().catch(again), delay).unref();
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
};
