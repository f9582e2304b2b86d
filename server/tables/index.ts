import type { TableStoreFactory } from '../resources/plugin';
import { accessKeysStore } from './access-keys';
import { alertFiringsStore } from './alert-firings';
import { alertsStore } from './alerts';
import { analysesStore } from './analyses';
import { auditLogsStore } from './audit-logs';
import { bankMessagesStore } from '../testing/bank-messages-table';
import { environmentsStore } from '../environments/table';
import { invitationsStore } from './invitations';
import { membersStore } from './members';
import { organisationsStore } from './organisations';
import { projectsStore } from './projects';
import { testRunsStore } from '../testing/test-runs-table';
import { versionsStore } from '../environments/versions-table';
import { webhookDeliveriesStore } from './webhook-deliveries';
import { webhooksStore } from './webhooks';

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
  version: (schema, _platform, schemas) => versionsStore(schema, schemas),
  webhook: webhooksStore,
  'webhook-delivery': webhookDeliveriesStore,
  alert: alertsStore,
  'alert-firing': alertFiringsStore,
};
