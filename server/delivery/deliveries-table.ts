import type { ResourceSchema } from '../../schemas/_defs/admin';
import { selectOf, sqlReads } from '../resources/sql-reads';
import type { ResourceStore } from '../resources/store';

const columns = {
  id: 'd.id',
  environmentId: 'd.environment_id',
  webhookId: 'd.webhook_id',
  webhookUrl: 'h.url',
  analysisId: 'd.analysis_id',
  analysisName: 'd.analysis_name',
  status: 'd.status',
  attempts: 'd.attempts',
  statusCode: 'd.status_code',
  error: 'd.error',
  errorCode: 'd.error_code',
  errorParams: 'd.error_params',
  durationMs: 'd.duration_ms',
  nextAttemptAt: 'd.next_attempt_at',
  deliveredAt: 'd.delivered_at',
  errorAt: 'd.error_at',
  createdAt: 'd.created_at',
};

const readOnly = () => {
  throw new Error('Deliveries are made by the platform; replay one instead');
};

/** The deliveries of an environment's webhooks (delivery/worker.ts makes them), read only. */
export const webhookDeliveriesStore = (schema: ResourceSchema): ResourceStore => {
  const { reread: _reread, ...reads } = sqlReads({
    schema,
    from: 'webhook_deliveries d JOIN webhooks h ON h.id = d.webhook_id',
    select: selectOf(columns),
    idExpr: 'd.id',
    scopeExpr: 'd.environment_id',
    fields: columns,
  });
  return { ...reads, create: readOnly, update: readOnly, delete: readOnly };
};
