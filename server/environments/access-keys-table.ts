import { randomUUID } from 'node:crypto';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import { forgetAccessKeys, newAccessKey } from '../kernel/access/access-keys';
import { selectOf, sqlReads } from '../resources/sql-reads';
import type { ResourceStore } from '../resources/store';

const columns = {
  id: 'k.id',
  environmentId: 'k.environment_id',
  name: 'k.name',
  prefix: 'k.prefix',
  // Never read back: only the creation's answer carries it.
  secret: 'NULL::text',
  ownerName: 'owner.username',
  lastUsedAt: 'k.last_used_at',
  createdAt: 'k.created_at',
};

/** Access keys of an environment: made here with their secret, stored hashed, revoked by deletion. */
export const accessKeysStore = (schema: ResourceSchema): ResourceStore => {
  const { reread, ...reads } = sqlReads({
    schema,
    from: 'access_keys k LEFT JOIN users owner ON owner.id = k.owner_id',
    select: selectOf(columns),
    idExpr: 'k.id',
    scopeExpr: 'k.environment_id',
    fields: columns,
  });
  return {
    ...reads,
    create: async (q, ctx, data) => {
      const id = randomUUID();
      const key = newAccessKey();
      await q.query(
        `INSERT INTO access_keys (id, environment_id, name, prefix, secret_hash, owner_id)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, ctx.scopeId, data.name, key.prefix, key.hash, ctx.actor.id],
      );
      return { ...(await reread(q, id)), secret: key.secret };
    },
    update: () => {
      throw new Error('Access keys are not edited: revoke one and create another');
    },
    delete: async (q, _ctx, before) => {
      await q.query('DELETE FROM access_keys WHERE id = $1', [before.id]);
      forgetAccessKeys();
    },
  };
};
