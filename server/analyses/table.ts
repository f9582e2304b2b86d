import type { ResourceSchema } from '../../schemas/_defs/admin';
import { selectOf, sqlReads } from '../resources/sql-reads';
import type { ResourceStore } from '../resources/store';

const columns = {
  id: 'a.id',
  environmentId: 'a.environment_id',
  name: 'a.name',
  inputType: 'a.input_type',
  status: 'a.status',
  filename: 'a.filename',
  size: 'a.size',
  manualFinalStatus: 'a.manual_final_status',
  error: 'a.error',
  errorMessage: 'a.error_message',
  durationMs: 'a.duration_ms',
  createdAt: 'a.created_at',
  startedAt: 'a.started_at',
  finishedAt: 'a.finished_at',
  anonymizedAt: 'a.anonymized_at',
  categories: "coalesce(a.categories, '{}')",
};

const createdByTheAnalysesRoutes = () => {
  throw new Error('Analyses are created and changed by the analyses routes');
};

/**
 * Analyses of an environment, for the generic list, show and delete. Their own table (a
 * high-volume entity, DESIGN.md §4); the result stays out of lists and is read on its own route.
 */
export const analysesStore = (schema: ResourceSchema): ResourceStore => {
  const { reread: _reread, ...reads } = sqlReads({
    schema,
    from: 'analyses a',
    select: selectOf(columns),
    idExpr: 'a.id',
    scopeExpr: 'a.environment_id',
    fields: columns,
  });
  return {
    ...reads,
    create: createdByTheAnalysesRoutes,
    update: createdByTheAnalysesRoutes,
    delete: async (q, _ctx, before) => {
      const [row] = await q.query<{ blob_id: string | null }>(
        'DELETE FROM analyses WHERE id = $1 RETURNING blob_id',
        [before.id],
      );
      if (row?.blob_id) await q.query('DELETE FROM blobs WHERE id = $1', [row.blob_id]);
    },
  };
};
