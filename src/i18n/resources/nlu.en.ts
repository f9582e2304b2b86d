import type { Messages } from '../fr';
import { languagesEn } from './languages';
import type { nluResourcesFr } from './nlu.fr';

const dates = { createdAt: 'Created on', updatedAt: 'Updated on' };
const criterion = { type: 'Criterion', name: 'Name tested', parameter: 'Parameter', value: 'Value' };
const criterionTypes = {
  all: 'All of',
  any: 'Any of',
  not: 'Not',
  interaction: 'Interaction found',
  category: 'Category already given',
  extractedData: 'Extracted datum',
  header: 'Header',
  metadata: 'Metadata',
};
const { all: _all, any: _any, not: _not, ...leafTypes } = criterionTypes;

/** Labels of the NLU, categorisation and extraction entities (spec pipeline §3), English. */
export const nluResourcesEn: Messages<typeof nluResourcesFr> = {
  archetypes: {
    name: 'Archetype |||| Archetypes',
    fields: {
      id: 'Identifier',
      environmentId: 'Environment',
      name: 'Name',
      description: 'Description',
      expressions: 'Expressions',
      'expressions.type': 'Type',
      'expressions.value': 'Term or regular expression',
      'expressions.exact': 'Exact (no typo tolerance)',
      'expressions.flags': 'Expression flags (i, u, s, m)',
      subArchetypes: 'Sub-archetypes',
      ...dates,
    },
    values: { 'expressions.type': { term: 'Term', regex: 'Regular expression' } },
    errors: {
      name: {
        minLength: 'Archetype name cannot be empty',
        pattern: 'Archetype name cannot be empty',
        unique: 'An archetype of this name already exists',
      },
    },
  },
  interactions: {
    name: 'Interaction |||| Interactions',
    fields: {
      id: 'Identifier',
      environmentId: 'Environment',
      name: 'Name',
      comment: 'Comment',
      enabled: 'Enabled',
      ordered: 'Ordered',
      distance: 'Distance (words, -1: no limit)',
      contexts: 'Contexts',
      parameters: 'Parameters',
      'parameters.position': 'Position',
      'parameters.name': 'Parameter name',
      'parameters.archetype': 'Linked archetype',
      'parameters.optional': 'Optional',
      'parameters.multiple': 'Multiple',
      'parameters.resetConversation': 'Reset conversation',
      functions: 'Interaction functions',
      ...dates,
    },
    errors: {
      name: {
        minLength: 'Interaction name cannot be empty',
        pattern: 'Interaction name cannot be empty',
        unique: 'An interaction of this name already exists',
        distanceInName:
          'The distance a name ends with ([distance=N]) is a whole number of tokens up to 10000, or -1 for no limit',
      },
      distance: {
        minimum: 'The distance is a number of tokens, or -1 for no limit',
        version:
          'A server of its contexts runs an NLU older than 4.12, which does not read this field: leave -1 here and end the name with [distance=N]',
      },
    },
  },
  'interaction-functions': {
    name: 'Interaction function |||| Interaction functions',
    fields: {
      id: 'Identifier',
      environmentId: 'Environment',
      name: 'Name',
      enabled: 'Enabled',
      functionName: 'Function',
      interactionAfter: 'Interaction after (interactionAfter)',
      interactionBefore: 'Interaction before (interactionBefore)',
      interactionAround: 'Interaction around (interactionAround)',
      interactionRightAfter: 'Interaction right after (interactionRightAfter)',
      interactionRightBefore: 'Interaction right before (interactionRightBefore)',
      stringValue: 'Value (stringValue)',
      parameterName: 'Parameter (parameterName)',
      interactionToFind: 'Interaction to find (interactionToFind)',
      parameterToFind: 'Parameter to find (parameterToFind)',
      parameterBaseline: 'Baseline (parameterBaseline)',
      ...dates,
    },
    values: {
      functionName: {
        followedBy: 'Followed by',
        precededBy: 'Preceded by',
        near: 'Near',
        immediatelyFollowedBy: 'Immediately followed by',
        immediatelyPrecededBy: 'Immediately preceded by',
        parameterEquals: 'Parameter equals',
        copyParameter: 'Copy a parameter',
        compareToBaseline: 'Compare to a baseline',
      },
    },
    errors: {
      name: {
        minLength: 'Function name cannot be empty',
        pattern: 'Function name cannot be empty',
        unique: 'A function of this name already exists',
      },
    },
  },
  contexts: {
    name: 'Context |||| Contexts',
    fields: {
      id: 'Identifier',
      environmentId: 'Environment',
      name: 'Name',
      languages: 'Languages',
      servers: 'Servers',
      interactionCount: 'Interactions',
      ...dates,
    },
    values: { languages: languagesEn },
    errors: {
      name: {
        minLength: 'Context name cannot be empty',
        pattern: 'Context name cannot be empty',
        unique: 'A context of this name already exists',
      },
    },
  },
  servers: {
    name: 'Server |||| Servers',
    fields: {
      id: 'Identifier',
      environmentId: 'Environment',
      name: 'Name',
      aiVersion: 'AI version',
      defaultLanguage: 'Default language',
      responseFormat: 'Response format',
      labeling: 'Labeling',
      multipleInteractions: 'Multiple interactions',
      contexts: 'Associated contexts',
      state: 'State',
      lastUsedAt: 'Last used',
      ...dates,
    },
    values: {
      aiVersion: { v4: 'v4', 'v4.10': 'v4.10', 'v4.11': 'v4.11', 'v4.12': 'v4.12', v5: 'v5' },
      defaultLanguage: languagesEn,
      responseFormat: { V4: 'V4', V5: 'V5' },
      state: { stopped: 'Stopped', started: 'Started' },
    },
    errors: {
      name: {
        minLength: 'Server name cannot be empty',
        pattern: 'Server name cannot be empty',
        unique: 'A server of this name already exists',
      },
    },
  },
  categories: {
    name: 'Category |||| Categories',
    fields: {
      id: 'Identifier',
      environmentId: 'Environment',
      name: 'Name',
      kind: 'For',
      description: 'Description',
      rules: 'Rules',
      ruleSummary: 'Rules',
      priority: 'Priority',
      'rules.name': 'Rule name',
      'rules.priority': 'Priority (lowest first)',
      'rules.enabled': 'Enabled',
      'rules.taint': 'Taint',
      'rules.criteria': 'Criteria',
      'rules.criteria.type': criterion.type,
      'rules.criteria.name': criterion.name,
      'rules.criteria.parameter': criterion.parameter,
      'rules.criteria.value': criterion.value,
      'rules.criteria.children': 'Combined criteria',
      'rules.criteria.children.type': criterion.type,
      'rules.criteria.children.name': criterion.name,
      'rules.criteria.children.parameter': criterion.parameter,
      'rules.criteria.children.value': criterion.value,
      'rules.criteria.children.children': 'Combined criteria',
      'rules.criteria.children.children.type': criterion.type,
      'rules.criteria.children.children.name': criterion.name,
      'rules.criteria.children.children.parameter': criterion.parameter,
      'rules.criteria.children.children.value': criterion.value,
      ...dates,
    },
    values: {
      kind: { message: 'Messages', attachment: 'Attachments' },
      'rules.criteria.type': criterionTypes,
      'rules.criteria.children.type': criterionTypes,
      'rules.criteria.children.children.type': leafTypes,
    },
    errors: {
      name: {
        minLength: 'Category name cannot be empty',
        pattern: 'Category name cannot be empty',
        unique: 'A category of this name already exists',
      },
      kind: { unique: 'A category of this name already exists' },
      'rules.priority': {
        type: 'The priority must be a whole number',
        minimum: 'The priority must be 0 or more',
      },
    },
  },
  'extraction-fields': {
    name: 'Extraction field |||| Extraction fields',
    fields: {
      id: 'Identifier',
      environmentId: 'Environment',
      name: 'Name',
      source: 'Source',
      interaction: 'Interaction',
      parameter: 'Parameter',
      archetype: 'Archetype',
      pattern: 'Regular expression',
      flags: 'Expression flags',
      type: 'Type',
      multiple: 'Every value',
      ...dates,
    },
    values: {
      source: {
        parameter: 'Interaction parameter',
        archetype: 'Archetype',
        regex: 'Regular expression',
        builtin: 'Built-in archetype',
      },
      type: { string: 'Text', number: 'Number' },
    },
    errors: {
      name: {
        minLength: 'Field name cannot be empty',
        pattern: 'Field name cannot be empty',
        unique: 'A field of this name already exists',
      },
    },
  },
};
