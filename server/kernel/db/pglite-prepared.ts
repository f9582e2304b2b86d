// Prepared statements on PGlite: each parsed once under its name, then run through the wire
// protocol (bind, describe, execute, sync) under PGlite's own locks.
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { boundValue, type Prepared, type Row } from './db';

/**
 * Runs Prepared statements on `pg`, each parsed once under its name (PGlite's own `query` parses
 * and plans every statement again, unnamed). The messages of an execution go to the database in
 * one buffer, as a client's would on a socket: bind, describe, execute and sync. The statements run
 * under PGlite's locks as its own queries do: outside a transaction, after any transaction in
 * progress, and then written to the data folder; inside one, as one of its statements.
 */
export const preparedRunner = (pg: PGlite) => {
  /** The parameter types of each statement parsed on this database. */
  const parsed = new Map<string, number[]>();
  const { serialize } = protocol;
  const quiet = { syncToFs: false };

  const execute = async <T extends Row>(statement: Prepared, params: unknown[]): Promise<T[]> => {
    const { name, text } = statement;
    let paramTypes = parsed.get(name);
    if (!paramTypes) {
      const described = await pg.execProtocolStream(
        Buffer.concat([
          serialize.parse({ name, text }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        quiet,
      );
      paramTypes = parse.parseDescribeStatementResults(described);
      parsed.set(name, paramTypes);
    }
    const values = params.map((p, i) => {
      if (p === null || p === undefined) return null;
      const serializer = pg.serializers[paramTypes[i]];
      return serializer ? serializer(boundValue(p)) : String(p);
    });
    const messages = await pg.execProtocolStream(
      Buffer.concat([
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      quiet,
    );
    return (parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) as T[];
  };

  return <T extends Row>(statement: Prepared, params: unknown[], inTransaction: boolean) =>
    inTransaction
      ? pg._runExclusiveQuery(() => execute<T>(statement, params))
      : pg._runExclusiveTransaction(() =>
          pg._runExclusiveQuery(async () => {
            const rows = await execute<T>(statement, params);
            await pg.syncToFs();
            return rows;
          }),
        );
};
