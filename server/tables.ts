import type { TableStoreFactory } from './resources/plugin';
import { accessKeysStore } from './environments/access-keys-table';
import { alertFiringsStore } from './alerts/firings-table';
import { alertsStore } from './alerts/table';
import { analysesStore } from './analyses/table';
import { auditLogsStore } from './organisations/audit-logs-table';
import { bankMessagesStore } from './testing/bank-messages-table';
import { environmentsStore } from './environments/table';
import { invitationsStore } from './organisations/invitations-table';
import { membersStore } from './organisations/members-table';
import { organisationsStore } from './organisations/table';
import { projectsStore } from './organisations/projects-table';
import { testRunsStore } from './testing/test-runs-table';
import { versionsStore } from './environments/versions-table';
import { webhookDeliveriesStore } from './delivery/deliveries-table';
import { webhooksStore } from './delivery/webhooks-table';

/** The adapters of `storage: 'table'` resources, by schema `$id`. */
export const tableStores: Record<string, TableStoreFactory> = {
  organisation: organisationsStore,
  project: projectsStore,
  environment: environmentsStore,
  member: membersStore,
  invitation: invitationsStore,
  'audit-log': auditLogsStore,
  'access-key': accessKeysStore,
  analysis: analysesStore,
  'bank-message': bankMessagesStore,
  'test-run': testRunsStore,
  version: (schema, _kernel, schemas) => versionsStore(schema, schemas),
  webhook: webhooksStore,
  'webhook-delivery': webhookDeliveriesStore,
  alert: alertsStore,
  'alert-firing': alertFiringsStore,
};
