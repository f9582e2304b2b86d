import { randomUUID } from 'node:crypto';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import { ClientError } from '../kernel/http/errors';
import { deleteDocumentsBelow } from '../resources/document-store';
import { selectOf, sqlReads } from '../resources/sql-reads';
import type { ResourceStore } from '../resources/store';

const columns = {
  id: 'p.id',
  organisationId: 'p.organisation_id',
  name: 'p.name',
  type: 'p.type',
  notes: 'p.notes',
  createdAt: 'p.created_at',
};

/**
 * Projects of an organisation (top addressing: `/projects?filter={"organisationId":…}`). A project
 * is its own record's project, so each one is listed to whoever holds the read level on it.
 */
export const projectsStore = (schema: ResourceSchema): ResourceStore => {
  const { reread, ...reads } = sqlReads({
    schema,
    from: 'projects p',
    select: selectOf(columns),
    idExpr: 'p.id',
    scopeExpr: 'p.organisation_id',
    fields: columns,
  });
  return {
    ...reads,
    projectField: 'id',
    create: async (q, ctx, data) => {
      const id = randomUUID();
      await q.query(
        'INSERT INTO projects (id, organisation_id, name, type, notes) VALUES ($1, $2, $3, $4, $5)',
        [id, ctx.scopeId, data.name, data.type, data.notes],
      );
      return reread(q, id);
    },
    update: async (q, _ctx, before, data) => {
      await q.query('UPDATE projects SET name = $2, type = $3, notes = $4 WHERE id = $1', [
        before.id,
        data.name,
        data.type,
        data.notes,
      ]);
      return reread(q, before.id);
    },
    delete: async (q, _ctx, before) => {
      // Spec §5: priority processing is a commitment the platform keeps; switch it off first.
      const priority = await q.query(
        `SELECT 1 FROM environments WHERE project_id = $1 AND settings->>'priorityProcessing' = 'true'
           AND deletion_requested_at IS NULL LIMIT 1`,
        [before.id],
      );
      if (priority.length > 0) {
        throw new ClientError(
          409,
          'PROJECT_HAS_PRIORITY_ENVIRONMENTS',
          'A project cannot be deleted while it has priority environments',
        );
      }
      await deleteDocumentsBelow(q, before.id);
      await q.query('DELETE FROM projects WHERE id = $1', [before.id]);
    },
  };
};
