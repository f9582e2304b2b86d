import type { ResourceSchema } from './_defs/admin';
import { accessKeySchema } from './access-key.schema';
import { alertFiringSchema } from './alert-firing.schema';
import { alertSchema } from './alert.schema';
import { analysisSchema } from './analysis.schema';
import { auditLogSchema } from './audit-log.schema';
import { bankMessageSchema } from './bank-message.schema';
import { classificationSchema } from './classification.schema';
import { domainModuleSchema } from './domain-module.schema';
import { domainRuleSchema } from './domain-rule.schema';
import { environmentSchema } from './environment.schema';
import { invitationSchema } from './invitation.schema';
import { memberSchema } from './member.schema';
import { organisationSchema } from './organisation.schema';
import { projectSchema } from './project.schema';
import { testRunSchema } from './test-run.schema';
import { versionSchema } from './version.schema';
import { archetypeSchema } from './archetype.schema';
import { categorySchema } from './category.schema';
import { extractionFieldSchema } from './extraction-field.schema';
import { interactionFunctionSchema } from './interaction-function.schema';
import { interactionSchema } from './interaction.schema';
import { nluContextSchema } from './nlu-context.schema';
import { nluServerSchema } from './nlu-server.schema';
import { replyTemplateSchema } from './reply-template.schema';
import { webhookDeliverySchema } from './webhook-delivery.schema';
import { webhookSchema } from './webhook.schema';

export type {
  AccessLevel,
  AdminHints,
  ComputedColumn,
  FieldDisplay,
  ResourceSchema,
  ResourceScope,
} from './_defs/admin';

/**
 * Every resource schema. Adding a resource = adding its schema file and listing it here (plus its
 * translation keys): the server routes, storage, forms and lists follow from it.
 */
export const resourceSchemas: readonly ResourceSchema[] = [
  organisationSchema,
  memberSchema,
  invitationSchema,
  projectSchema,
  environmentSchema,
  auditLogSchema,
  accessKeySchema,
  versionSchema,
  analysisSchema,
  bankMessageSchema,
  testRunSchema,
  domainModuleSchema,
  domainRuleSchema,
  classificationSchema,
  archetypeSchema,
  interactionSchema,
  interactionFunctionSchema,
  nluContextSchema,
  nluServerSchema,
  categorySchema,
  extractionFieldSchema,
  replyTemplateSchema,
  webhookSchema,
  webhookDeliverySchema,
  alertSchema,
  alertFiringSchema,
];
