import { randomUUID } from 'node:crypto';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import { readConfiguration } from './configuration/export';
import { selectOf, sqlReads } from '../resources/sql-reads';
import type { ResourceStore } from '../resources/store';
import { validationError } from '../resources/validation';

const columns = {
  id: 'v.id',
  projectId: 'e.project_id',
  environmentId: 'v.environment_id',
  environmentName: 'e.name',
  name: 'v.name',
  ownerName: 'owner.username',
  createdAt: 'v.created_at',
};

/**
 * Versions of the project's environments. Creating one snapshots its environment's configuration
 * (every configuration resource of `schemas`); they are never edited, only restored or deleted.
 */
export const versionsStore = (schema: ResourceSchema, schemas: readonly ResourceSchema[]): ResourceStore => {
  const { reread, ...reads } = sqlReads({
    schema,
    from: `environment_versions v JOIN environments e ON e.id = v.environment_id
           LEFT JOIN users owner ON owner.id = v.owner_id`,
    select: selectOf(columns),
    idExpr: 'v.id',
    scopeExpr: 'e.project_id',
    where: () => 'e.deletion_requested_at IS NULL',
    fields: columns,
  });
  return {
    ...reads,
    create: async (q, ctx, data) => {
      const own = await q.query(
        'SELECT 1 FROM environments WHERE id = $1 AND project_id = $2 AND deletion_requested_at IS NULL',
        [data.environmentId, ctx.scopeId],
      );
      if (own.length === 0)
        throw validationError([
          { path: 'environmentId', message: 'is not an environment of this project', keyword: 'unknown' },
        ]);
      const id = randomUUID();
      const configuration = await readConfiguration(q, data.environmentId as string, schemas);
      await q.query(
        `INSERT INTO environment_versions (id, environment_id, name, configuration, owner_id)
         VALUES ($1, $2, $3, $4::jsonb, $5)`,
        [id, data.environmentId, data.name, JSON.stringify(configuration), ctx.actor.id],
      );
      return reread(q, id);
    },
    update: () => {
      throw new Error('Versions are not edited: save another one');
    },
    delete: async (q, _ctx, before) => {
      await q.query('DELETE FROM environment_versions WHERE id = $1', [before.id]);
    },
  };
};
