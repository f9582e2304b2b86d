import { randomUUID } from 'node:crypto';
import type { ResourceSchema } from '../../../schemas/_defs/admin';
import { deleteDocumentsBelow } from '../document-store';
import { selectOf, sqlReads } from '../sql-reads';
import type { ResourceStore } from '../store';

const DEFAULT_AI_VERSION = 'v4';

const columns = {
  id: 'e.id',
  projectId: 'e.project_id',
  name: 'e.name',
  // Kept in settings with the other pipeline switches (priorityProcessing…): no column per setting.
  aiVersion: `coalesce(e.settings->>'aiVersion', '${DEFAULT_AI_VERSION}')`,
  visibility: 'e.visibility',
  createdAt: 'e.created_at',
};

/**
 * Environments of a project. Hidden ones exist for configurators only (spec §4): below that level
 * they are neither listed nor found. Names are unique per project, whatever their case (the
 * table's unique index backs the schema's rule).
 */
export const environmentsStore = (schema: ResourceSchema): ResourceStore => {
  const { reread, ...reads } = sqlReads({
    schema,
    from: 'environments e',
    select: selectOf(columns),
    idExpr: 'e.id',
    scopeExpr: 'e.project_id',
    fields: columns,
  });
  return {
    ...reads,
    restrict: ({ projectLevel }) =>
      projectLevel === 'configurator' ? undefined : { visibility: ['public'] },
    create: async (q, ctx, data) => {
      const id = randomUUID();
      await q.query(
        `INSERT INTO environments (id, project_id, name, visibility, settings)
         VALUES ($1, $2, $3, $4, jsonb_build_object('aiVersion', $5::text))`,
        [id, ctx.scopeId, data.name, data.visibility, data.aiVersion ?? DEFAULT_AI_VERSION],
      );
      return reread(q, id);
    },
    update: async (q, _ctx, before, data) => {
      await q.query(
        `UPDATE environments SET name = $2, visibility = $3,
           settings = settings || jsonb_build_object('aiVersion', $4::text) WHERE id = $1`,
        [before.id, data.name, data.visibility, data.aiVersion ?? DEFAULT_AI_VERSION],
      );
      return reread(q, before.id);
    },
    delete: async (q, _ctx, before) => {
      await deleteDocumentsBelow(q, before.id);
      await q.query('DELETE FROM environments WHERE id = $1', [before.id]);
    },
  };
};
