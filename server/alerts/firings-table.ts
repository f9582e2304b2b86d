import type { ResourceSchema } from '../../schemas/_defs/admin';
import { selectOf, sqlReads } from '../resources/sql-reads';
import type { ResourceStore } from '../resources/store';

const columns = {
  id: 'f.id',
  environmentId: 'f.environment_id',
  alertId: 'f.alert_id',
  kind: 'l.kind',
  analysisId: 'f.analysis_id',
  analysisName: 'f.analysis_name',
  periodStart: 'f.period_start',
  count: 'f.count',
  email: 'f.email',
  createdAt: 'f.created_at',
};

const madeByThePlatform = () => {
  throw new Error('Alert firings are made by the alert evaluation job');
};

/** The firings of an environment's alerts (alerts/evaluate.ts makes them), read only. */
export const alertFiringsStore = (schema: ResourceSchema): ResourceStore => {
  const { reread: _reread, ...reads } = sqlReads({
    schema,
    from: 'alert_firings f JOIN alerts l ON l.id = f.alert_id',
    select: selectOf(columns),
    idExpr: 'f.id',
    scopeExpr: 'f.environment_id',
    fields: columns,
  });
  return { ...reads, create: madeByThePlatform, update: madeByThePlatform, delete: madeByThePlatform };
};
