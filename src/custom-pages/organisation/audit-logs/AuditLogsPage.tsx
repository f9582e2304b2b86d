import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';

const auditLogs = getResource('audit-logs');

/**
 * Every change made in the organisation, newest first, for its administrators: who (and the
 * platform staff member behind an impersonation), what, which record, when; searchable by person,
 * resource or record, filtered by action, resource, staff and period. A row opens its changes.
 */
export const AuditLogsPage = () => {
  const List = auditLogs.list;
  return (
    <ResourcePageFrame titleKey="app.routes.auditLogs">
      <List resource={auditLogs} scope={useRouteScope()} />
    </ResourcePageFrame>
  );
};
