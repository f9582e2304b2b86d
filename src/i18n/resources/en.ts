import { modulesEn } from '../modules/en';
import type { Messages } from '../fr';
import type { resourcesFr } from './fr';
import { nluResourcesEn } from './nlu.en';
import { replyResourcesEn } from './replies.en';
import { testingResourcesEn } from './testing.en';
import { languagesEn } from './languages';

/**
 * Labels of the schema-driven resources, English. The `errors` are the spec's own texts (the x-admin
 * `errorMessages` and `unique` messages the server answers with).
 */
export const resourcesEn: Messages<typeof resourcesFr> = {
  organisations: {
    name: 'Organisation |||| Organisations',
    fields: {
      id: 'Identifier',
      name: 'Name',
      contractStartDate: 'Contract start date',
      yearlyQuota: 'Yearly analysis quota',
      createdAt: 'Created on',
    },
  },
  members: {
    name: 'Member |||| Members',
    fields: {
      id: 'Identifier',
      firstname: 'First name',
      lastname: 'Last name',
      username: 'Username',
      email: 'Email',
      position: 'Position',
      role: 'Role',
      projects: 'Project access',
      'projects.projectId': 'Project',
      'projects.access': 'Access level',
      createdAt: 'Created on',
    },
    values: {
      role: { admin: 'Admin', notAdmin: 'Not admin' },
      'projects.access': {
        configurator: 'Configurator',
        qualifier: 'Qualifier',
        cockpit: 'Cockpit',
        noAccess: 'No access',
      },
    },
    errors: {
      username: { unique: 'This username is already used' },
      email: { unique: 'This email address is already a member' },
    },
  },
  invitations: {
    name: 'Invitation |||| Invitations',
    fields: {
      id: 'Identifier',
      email: 'Email',
      firstname: 'First name',
      lastname: 'Last name',
      position: 'Position',
      role: 'Role',
      state: 'State',
      createdAt: 'Sent on',
    },
    values: {
      role: { admin: 'Admin', notAdmin: 'Not admin' },
      state: { pending: 'Pending', accepted: 'Accepted', declined: 'Declined' },
    },
    errors: {
      email: { unique: 'This address already has a pending invitation' },
    },
  },
  projects: {
    name: 'Project |||| Projects',
    fields: {
      id: 'Identifier',
      organisationId: 'Organisation',
      name: 'Name',
      type: 'Type',
      notes: 'Notes',
      createdAt: 'Created on',
    },
    values: {
      type: { nlu: 'NLU', ic: 'IC (legacy)' },
    },
    errors: {
      name: { maxLength: 'New project name cannot exceed 50 characters' },
    },
  },
  environments: {
    name: 'Environment |||| Environments',
    fields: {
      id: 'Identifier',
      projectId: 'Project',
      name: 'Name',
      aiVersion: 'AI version',
      visibility: 'Visibility',
      priorityProcessing: 'Priority processing',
      debugMode: 'AI debug mode',
      productionMode: 'Production mode',
      languages: 'Languages',
      retention: 'Data retention',
      multiInteraction: 'Multi-interaction',
      multiCategory: 'Multi-category',
      attachmentCategoriesPerPage: 'Attachment categories per page',
      ocrImages: 'OCR for JPG and PNG',
      ocrMaxPages: 'Max pages to OCR',
      splitCharacters: 'Split per characters',
      defaultCategory: 'Default category (messages)',
      defaultAttachmentCategory: 'Default category (attachments)',
      advancedCategorisation: 'Advanced categorisation',
      categorisationTemplate: 'Advanced categorisation template (Twig)',
      modules: 'Pipeline modules',
      output: 'Output choices',
      'output.htmlBodies': 'Add HTML bodies',
      'output.attachmentsData': 'Add attachments data',
      'output.emailHeaders': 'Email header',
      'output.categories': 'Categories',
      'output.categories.enabled': 'Send categories',
      'output.categories.skip': 'Categories to skip',
      'output.extractedData': 'Extracted data',
      'output.metadata': 'Metadata',
      'output.nluOutput': 'NLU output',
      'output.replyProposal': 'Reply proposal',
      'modules.type': 'Module',
      'modules.name': 'Name',
      'modules.inputType': 'Input type',
      'modules.context': 'NLU context',
      createdAt: 'Created on',
    },
    values: {
      aiVersion: { v4: 'v4', v5: 'v5' },
      visibility: { public: 'Public', hidden: 'Hidden' },
      languages: languagesEn,
      'modules.type': modulesEn.types,
      'modules.inputType': modulesEn.inputTypes,
      retention: {
        Always: 'Always',
        NoRetention: 'No retention',
        OneDay: 'One day',
        OneWeek: 'One week',
        OneMont: 'One month',
        SixMont: 'Six months',
        OneYear: 'One year',
      },
    },
    help: {
      visibility: 'Hidden environments are shown to configurators only.',
      priorityProcessing: 'Takes effect asynchronously: it may take a few minutes.',
      debugMode: 'Keeps the AI traces of every analysis. Not with production mode.',
      productionMode: 'Marks the environment as serving production traffic. Not with AI debug mode.',
      retention: 'Analyses older than this are anonymised.',
      multiInteraction: 'Keep every occurrence of an interaction in a block, not only the best one.',
      multiCategory: 'Every matching rule gives its category; otherwise the first one by priority decides.',
      attachmentCategoriesPerPage: 'Categorise each page of an attachment on its own.',
      ocrImages: 'Read the text of JPG and PNG images by OCR.',
      ocrMaxPages: 'Pages of a document read by OCR, at most.',
      splitCharacters: 'Characters per block of text the engine reads (4000 is about one page).',
    },
    errors: {
      name: { unique: 'This name is already used for an environment in this project' },
      productionMode: { exclusive: 'AI debug mode and production mode cannot be active at the same time' },
    },
    notifications: {
      deleted: 'Deletion requested: the environment disappears in a few seconds.',
    },
  },
  'audit-logs': {
    name: 'Audit log |||| Audit logs',
    fields: {
      id: 'Identifier',
      createdAt: 'Date',
      actorName: 'By',
      impersonatorName: 'Impersonated by',
      byStaff: 'Platform staff',
      action: 'Action',
      resource: 'Resource',
      recordId: 'Record',
      changes: 'Changes',
    },
    values: {
      action: { create: 'Creation', update: 'Change', delete: 'Deletion' },
    },
  },
  'access-keys': {
    name: 'Access key |||| Access keys',
    fields: {
      id: 'Identifier',
      environmentId: 'Environment',
      name: 'Name',
      prefix: 'Key',
      secret: 'Secret',
      ownerName: 'Owner',
      lastUsedAt: 'Last used',
      createdAt: 'Created on',
    },
    errors: {
      name: { unique: 'This environment already has a key of this name' },
    },
    notifications: {
      deleted: 'The key is revoked: calls made with it are now refused.',
    },
  },
  versions: {
    name: 'Version |||| Versions',
    fields: {
      id: 'Identifier',
      projectId: 'Project',
      environmentId: 'Environment',
      environmentName: 'Environment name',
      name: 'Name',
      ownerName: 'Saved by',
      createdAt: 'Date',
    },
    errors: {
      environmentId: { unknown: 'This environment is not in this project' },
    },
  },
  analyses: {
    name: 'Analysis |||| Analyses',
    fields: {
      id: 'Identifier',
      environmentId: 'Environment',
      name: 'Name',
      inputType: 'Input',
      status: 'Status',
      filename: 'File name',
      size: 'Size',
      manualFinalStatus: 'Manual final status',
      error: 'Error',
      durationMs: 'Duration',
      createdAt: 'Created on',
      startedAt: 'Started on',
      finishedAt: 'Finished on',
      anonymizedAt: 'Anonymized on',
    },
    values: {
      inputType: { file: 'File', text: 'Text', mail: 'Simulated mail' },
      status: {
        waiting: 'Waiting',
        pending: 'Pending',
        processed: 'Processed',
        error: 'Error',
        aborted: 'Aborted',
      },
    },
  },
  ...nluResourcesEn,
  ...replyResourcesEn,
  ...testingResourcesEn,
};
