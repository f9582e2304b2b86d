import type { ResourceSchema } from '../../schemas/_defs/admin';
import type { Kernel } from '../kernel/plugins/kernel';
import { createTest, type ManualStatusUpdate } from './campaign';
import { selectOf, sqlReads } from '../resources/sql-reads';
import type { ResourceStore } from '../resources/store';

const columns = {
  id: 't.id',
  projectId: 't.project_id',
  tag: 't.tag',
  environmentId: 't.environment_id',
  environmentName: 't.environment_name',
  manualStatusUpdate: 't.manual_status_update',
  status: 't.status',
  total: 't.total',
  // Ended items: the index of waiting items keeps this cheap while the test runs.
  done: `(t.total - (SELECT count(*) FROM test_items i WHERE i.test_id = t.id AND i.status = 'waiting'))::int`,
  error: 't.error',
  errorCode: 't.error_code',
  createdByName: 'u.username',
  createdAt: 't.created_at',
  finishedAt: 't.finished_at',
};

/**
 * Tests of a project (their own table). Creating one launches it (testing/campaign.ts); deleting
 * one removes its items and scores, not the analyses it made, which stay in their environment.
 */
export const testRunsStore = (schema: ResourceSchema, kernel: Kernel): ResourceStore => {
  const { reread, ...reads } = sqlReads({
    schema,
    from: 'tests t LEFT JOIN users u ON u.id = t.created_by',
    select: selectOf(columns),
    idExpr: 't.id',
    scopeExpr: 't.project_id',
    fields: columns,
  });
  return {
    ...reads,
    create: async (q, ctx, data) => {
      const id = await createTest(q, kernel.queue, {
        projectId: ctx.scopeId!,
        environmentId: data.environmentId as string,
        tag: data.tag as string,
        manualStatusUpdate: data.manualStatusUpdate as ManualStatusUpdate,
        createdBy: ctx.actor.id,
      });
      return reread(q, id);
    },
    update: () => {
      throw new Error('A test is not edited: launch another');
    },
    delete: async (q, _ctx, before) => {
      await q.query('DELETE FROM tests WHERE id = $1', [before.id]);
    },
  };
};
