import type { Messages } from '../fr';
import type { testingResourcesFr } from './testing.fr';

/** The classification kinds of the testing centre (spec pipeline §3), in the order of the schemas. */
const kindsEn = {
  categories: 'Message categories',
  attachments_categories: 'Attachment categories',
  extracted_informations: 'Extracted information',
  extracted_informations_attachments: 'Information extracted from attachments',
  rpa: 'RPA',
};
const qualifiedEn = { qualified: 'Qualified', not_qualified: 'Not qualified' };

/** Labels of the message bank and the tests (spec pipeline §2–3), English. */
export const testingResourcesEn: Messages<typeof testingResourcesFr> = {
  messages: {
    name: 'Message |||| Messages',
    fields: {
      id: 'Identifier',
      projectId: 'Project',
      name: 'Name',
      inputType: 'Type',
      filename: 'File',
      size: 'Size',
      text: 'Pasted text',
      tags: 'Tags',
      expected: 'Expected',
      'expected.categories': kindsEn.categories,
      'expected.attachments_categories': kindsEn.attachments_categories,
      'expected.extracted_informations': kindsEn.extracted_informations,
      'expected.extracted_informations.name': 'Field',
      'expected.extracted_informations.value': 'Value',
      'expected.extracted_informations_attachments': kindsEn.extracted_informations_attachments,
      'expected.extracted_informations_attachments.name': 'Field',
      'expected.extracted_informations_attachments.value': 'Value',
      'expected.rpa': kindsEn.rpa,
      'expected.rpa.name': 'Field',
      'expected.rpa.value': 'Value',
      qualification: 'Qualification',
      'qualification.categories': kindsEn.categories,
      'qualification.attachments_categories': kindsEn.attachments_categories,
      'qualification.extracted_informations': kindsEn.extracted_informations,
      'qualification.extracted_informations_attachments': kindsEn.extracted_informations_attachments,
      'qualification.rpa': kindsEn.rpa,
      qualificationStatus: 'Qualification status',
      note: 'Note',
      metadata: 'Metadata',
      createdAt: 'Created on',
      updatedAt: 'Updated on',
    },
    values: {
      inputType: { file: 'File', text: 'Text', mail: 'Simulated mail' },
      qualificationStatus: {
        qualified: 'Qualified',
        partially_qualified: 'Partially qualified',
        not_qualified: 'Not qualified',
      },
      'qualification.categories': qualifiedEn,
      'qualification.attachments_categories': qualifiedEn,
      'qualification.extracted_informations': qualifiedEn,
      'qualification.extracted_informations_attachments': qualifiedEn,
      'qualification.rpa': qualifiedEn,
    },
  },
  tests: {
    name: 'Test |||| Tests',
    fields: {
      id: 'Identifier',
      projectId: 'Project',
      tag: 'Tag',
      environmentId: 'Environment identifier',
      environmentName: 'Environment',
      manualStatusUpdate: 'Manual status update',
      status: 'Status',
      total: 'Messages',
      done: 'Done',
      error: 'Error',
      errorCode: 'Error code',
      createdByName: 'Launched by',
      createdAt: 'Launched on',
      finishedAt: 'Ended on',
    },
    values: {
      manualStatusUpdate: { auto: 'Automatic', enabled: 'Enabled', disabled: 'Disabled' },
      errorCode: {
        TEST_ENVIRONMENT_DELETED: 'Environment deleted',
        TEST_STALLED: 'Analyses stalled',
        null: 'None',
      },
      status: { running: 'Running', success: 'Success', error: 'Error', timeout: 'Timed out' },
    },
  },
  classifications: {
    name: 'Classification |||| Classifications',
    fields: {
      id: 'Identifier',
      projectId: 'Project',
      kind: 'Classification kind',
      name: 'Classification',
      valueType: 'Value type',
      ignored: 'Ignored by the tests',
      visibility: 'Visibility',
      createdAt: 'Created on',
      updatedAt: 'Updated on',
    },
    values: {
      kind: kindsEn,
      valueType: { string: 'Text', number: 'Number', boolean: 'Yes or no', array: 'List', object: 'Object' },
      visibility: { public: 'Public', private: 'Private (left out of exports)' },
    },
    errors: {
      kind: { unique: 'This classification already has settings in this project' },
      name: { unique: 'This classification already has settings in this project' },
    },
  },
  'domain-modules': {
    name: 'Domain module |||| Domain modules',
    fields: {
      id: 'Identifier',
      projectId: 'Project',
      name: 'Name',
      module: 'Pipeline module',
      description: 'Description',
      createdAt: 'Created on',
      updatedAt: 'Updated on',
    },
    values: {
      module: { categorization: 'Categorisation', extraction: 'Information extraction' },
    },
    errors: {
      name: { unique: 'A domain module of this project already has this name' },
      module: { neededByRules: 'Domain rules need what this module gives: change them first' },
    },
  },
  'domain-rules': {
    name: 'Domain rule |||| Domain rules',
    fields: {
      id: 'Identifier',
      projectId: 'Project',
      name: 'Project rule',
      kind: 'Classification kind',
      classification: 'Classification',
      inputType: 'Input type',
      module: 'Domain module',
      priorities: 'Priorities per environment',
      'priorities.environmentId': 'Environment',
      'priorities.priority': 'Priority',
      createdAt: 'Created on',
      updatedAt: 'Updated on',
    },
    values: {
      kind: kindsEn,
      inputType: { all: 'Every input', email: 'Emails', document: 'Documents', text: 'Pasted text' },
    },
    errors: {
      name: { projectRule: 'No categorisation rule of the project has this name' },
      module: {
        domainModule: 'Choose a domain module of this project',
        moduleKind: 'This module does not give this kind of classification: choose one that does',
      },
      'priorities.environmentId': {
        projectEnvironment: 'Choose an environment of this project',
        environmentTwice: 'This environment already has a priority in this rule',
      },
    },
  },
};
