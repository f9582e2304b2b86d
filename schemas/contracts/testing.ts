import { z } from 'zod';
import { CATEGORY_KINDS, CLASSIFICATION_KINDS, QUALIFICATION_STATUSES } from '../bank-message.schema';
import { renameRule } from '../bank-rename';
import { DOMAIN_MODULE_TYPES } from '../domain-module.schema';
import { MODULE_INPUT_TYPES } from '../modules';
import { ANALYSIS_STATUSES, INPUT_TYPES } from '../analysis-result';
import { MANUAL_STATUS_UPDATES, TEST_ERROR_CODES, TEST_STATUSES } from '../test-run.schema';
import { defineCall } from './define';

/**
 * The testing centre's calls beyond the generic resources `messages` and `tests` (spec pipeline
 * §2–4, DESIGN.md §6): adding a file or a simulated mail to the bank, its tags, launching a test and
 * reading its scores.
 */

const projectParams = z.object({ projectId: z.string() });

/** One import into the bank (spec §5 upload rules): files at most, and their total size. */
export const BANK_IMPORT_MAX_FILES = 200;
export const BANK_IMPORT_MAX_TOTAL_BYTES = 250 * 1_048_576;

export const bankMessageSummary = z.looseObject({
  id: z.string(),
  name: z.string(),
  inputType: z.enum(INPUT_TYPES),
  tags: z.array(z.string()),
  qualificationStatus: z.enum(QUALIFICATION_STATUSES),
});

/** One file (or a simulated mail, or a text) into the bank, with its tags separated by commas. */
export const uploadBankMessage = defineCall({
  method: 'POST',
  path: '/v4/console/api/projects/{projectId}/messages/upload',
  params: projectParams,
  body: z
    .object({ type: z.enum(INPUT_TYPES), file: z.instanceof(Blob), tags: z.string().optional() })
    .transform(({ type, file, tags }) => {
      const form = new FormData();
      form.append('type', type);
      if (tags) form.append('tags', tags);
      form.append('file', file, file instanceof File ? file.name : 'file');
      return form;
    }),
  bodyType: 'form',
  response: bankMessageSummary,
});

export const listMessageTags = defineCall({
  method: 'GET',
  path: '/v4/console/api/projects/{projectId}/message-tags',
  params: projectParams,
  response: z.array(z.object({ tag: z.string(), messages: z.number() })),
});

export const testRecord = z.looseObject({
  id: z.string(),
  tag: z.string(),
  environmentId: z.string().nullable(),
  environmentName: z.string(),
  manualStatusUpdate: z.enum(MANUAL_STATUS_UPDATES),
  status: z.enum(TEST_STATUSES),
  total: z.number(),
  done: z.number(),
  error: z.string().nullable(),
  errorCode: z.enum(TEST_ERROR_CODES).nullable().optional(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TestRecord = z.infer<typeof testRecord>;

/** 400 TEST_TAG_EMPTY (params.tag) when no message carries the tag; TEST_ENVIRONMENT_UNKNOWN. */
export const launchTest = defineCall({
  method: 'POST',
  path: '/v4/console/api/projects/{projectId}/tests',
  params: projectParams,
  body: z.object({
    tag: z.string(),
    environmentId: z.string(),
    manualStatusUpdate: z.enum(MANUAL_STATUS_UPDATES),
  }),
  response: testRecord,
});

export const getTest = defineCall({
  method: 'GET',
  path: '/v4/console/api/projects/{projectId}/tests/{id}',
  params: z.object({ projectId: z.string(), id: z.string() }),
  response: testRecord,
});

const label = z.object({ classification: z.string(), value: z.string().nullable() });
const ratio = z.number().nullable();
const kind = z.enum(CLASSIFICATION_KINDS);

/** A domain rule as a run applied it: what it covers, and the module whose output counted. */
export const domainRuleApplied = z.object({
  name: z.string(),
  kind,
  classification: z.string(),
  inputType: z.enum(MODULE_INPUT_TYPES),
  /** The domain module's name, and the pipeline module whose output it is. */
  module: z.string(),
  moduleType: z.enum(DOMAIN_MODULE_TYPES),
  priority: z.number(),
});
export type DomainRuleApplied = z.infer<typeof domainRuleApplied>;

export const testScores = z.object({
  kinds: z.array(
    z.object({
      kind,
      classifications: z.array(
        z.object({
          classification: z.string(),
          tp: z.number(),
          fp: z.number(),
          fn: z.number(),
          precision: ratio,
          sensitivity: ratio,
          expected: z.number(),
          detected: z.number(),
          falses: z.number(),
        }),
      ),
      micro: z.object({
        tp: z.number(),
        fp: z.number(),
        fn: z.number(),
        precision: ratio,
        sensitivity: ratio,
      }),
      macro: z.object({ precision: ratio, sensitivity: ratio }),
      qualifiedMessages: z.number(),
      notQualifiedMessages: z.number(),
      /**
       * Classifications no domain rule covers (NO_DOMAIN_RULE), left out of the scores: how many
       * qualified messages expected or detected each. Empty when the run had no domain rule.
       */
      noDomainRule: z.array(z.object({ classification: z.string(), messages: z.number() })).default([]),
      /** Classifications the project's settings ignore, left out of the scores, as `noDomainRule`. */
      ignored: z.array(z.object({ classification: z.string(), messages: z.number() })).default([]),
      /** Classifications the project's settings make private: the console leaves them out of exports. */
      private: z.array(z.string()).default([]),
    }),
  ),
  /** The domain rules the run applied (those with a priority for its environment), in priority order. */
  domainRules: z.array(domainRuleApplied).default([]),
  falses: z.array(
    z.object({
      messageId: z.string(),
      messageName: z.string(),
      analysisId: z.string().nullable(),
      kind,
      tp: z.array(label),
      fp: z.array(label),
      fn: z.array(label),
    }),
  ),
  messages: z.object({ done: z.number(), error: z.number(), notRun: z.number() }),
});
export type TestScoresAnswer = z.infer<typeof testScores>;

/** The scores once the test ended; null while it runs. 404 TEST_NOT_FOUND. */
export const getTestScores = defineCall({
  method: 'GET',
  path: '/v4/console/api/projects/{projectId}/tests/{id}/scores',
  params: z.object({ projectId: z.string(), id: z.string() }),
  response: z.object({ status: z.enum(TEST_STATUSES), scores: testScores.nullable() }),
});

/** Messages one sampling adds at most: the copy is one statement, kept short. */
export const SAMPLING_MAX = 500;

/**
 * Analyses of the project's environments copied into the bank (spec §5 "Sampling"): the ones named
 * (ids separated by commas, spaces or new lines) or a random sample of those matching the filters —
 * at least one filter. The copies get the tags, and may get expected categories (qualified or not):
 * "this should have been X" from a result is a sampling of one.
 * 400 SAMPLING_NO_FILTER, SAMPLING_BAD_ID (params.id).
 */
export const sampleAnalyses = defineCall({
  method: 'POST',
  path: '/v4/console/api/projects/{projectId}/messages/sampling',
  params: projectParams,
  body: z.object({
    environmentId: z.uuid().optional(),
    analysisIds: z.string().max(200_000).optional(),
    status: z.enum(ANALYSIS_STATUSES).optional(),
    category: z.string().min(1).max(100).optional(),
    createdFrom: z.iso.datetime().optional(),
    createdTo: z.iso.datetime().optional(),
    count: z.number().int().min(1).max(SAMPLING_MAX).optional(),
    tags: z.array(z.string().min(1).max(100)).max(50).optional(),
    expectedCategories: z.array(z.string().min(1).max(100)).max(100).optional(),
    qualified: z.boolean().optional(),
  }),
  response: z.object({ added: z.array(z.object({ id: z.string(), name: z.string() })) }),
});

/** Messages one batch changes at most (a page of the bank is 25 to 1,000). */
export const BATCH_MAX = 1000;

const classificationName = z.string().min(1).max(100);
const tagList = z.array(z.string().min(1).max(100)).min(1).max(50);

/** What a batch does to every selected message (spec pipeline §2 "Message bank"). */
export const batchAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('addTags'), tags: tagList }),
  z.object({ type: z.literal('removeTags'), tags: tagList }),
  z.object({
    type: z.literal('addCategories'),
    kind: z.enum(CATEGORY_KINDS),
    names: z.array(classificationName).min(1).max(100),
    qualify: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('addExtractions'),
    kind: z.enum(['extracted_informations', 'extracted_informations_attachments', 'rpa']),
    values: z
      .array(z.object({ name: classificationName, value: z.string().max(2000) }))
      .min(1)
      .max(200),
    qualify: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('renameClassification'),
    kind: z.enum(CLASSIFICATION_KINDS),
    from: classificationName,
    to: classificationName,
  }),
  z.object({ type: z.literal('setNote'), note: z.string().max(5000) }),
  /** The messages' names, by the rule, in the order of `ids`. 400 RENAME_EMPTY_NAME, RENAME_TOO_LONG (params.name). */
  z.object({ type: z.literal('renameFiles'), rule: renameRule }),
]);
export type BatchAction = z.infer<typeof batchAction>;

/**
 * One change to many messages of the bank, in one transaction, each change in the audit log.
 * 400 CLASSIFICATION_EXISTS (params.name) when a rename would merge into an existing classification.
 * 400 ATTACHMENT_LABELS_NEED_BODY (params.name) when a message would expect attachment categories alone.
 */
export const batchMessages = defineCall({
  method: 'POST',
  path: '/v4/console/api/projects/{projectId}/messages/batch',
  params: projectParams,
  body: z.object({ ids: z.array(z.uuid()).min(1).max(BATCH_MAX), action: batchAction }),
  response: z.object({ changed: z.number() }),
});

const counts = { tp: z.number(), fp: z.number(), fn: z.number() };
const figures = z.object({ ...counts, precision: ratio, sensitivity: ratio });

/** A message whose outcome of a kind changed between two scorings: the labels it gained and lost. */
const changedMessage = z.object({
  messageId: z.string(),
  messageName: z.string(),
  kind,
  /** The analysis that gave the outcome before, and after (the same one for a preview). */
  analysisBefore: z.string().nullable(),
  analysisAfter: z.string().nullable(),
  /** fixed: a false is gone and none came; broken: a false came and none went; changed: both. */
  change: z.enum(['fixed', 'broken', 'changed']),
  /** Falses (FP and FN) before and after. */
  before: z.object({ fp: z.array(label), fn: z.array(label) }),
  after: z.object({ fp: z.array(label), fn: z.array(label) }),
});
export type ChangedMessage = z.infer<typeof changedMessage>;

/** Scores of two scorings side by side, per kind and classification. */
const scoreDelta = z.object({
  kind,
  before: figures,
  after: figures,
  classifications: z.array(z.object({ classification: z.string(), before: figures, after: figures })),
});
export type ScoreDelta = z.infer<typeof scoreDelta>;

/** Changed messages listed at most; the counts cover them all. */
export const CHANGES_SHOWN = 500;

/** The resources whose unsaved edit the impact preview scores (docs/decisions/testing-impact-preview.md). */
export const IMPACT_RESOURCES = ['category', 'archetype', 'interaction'] as const;
export type ImpactResource = (typeof IMPACT_RESOURCES)[number];

/**
 * What an unsaved edit would do to the scores of the environment's last finished test (spec
 * beyond: "impact preview"): its messages categorised again from their stored analyses under the
 * edited configuration, and scored under the run's domain rules. `test` null: no test has run on
 * this environment yet. `stale`: the configuration outside the categories, or the environment's
 * domain rules, changed since the run, so the figures are approximate.
 * 400 IMPACT_ADVANCED_CATEGORISATION when a template decides the categories; VALIDATION_FAILED.
 */
export const previewImpact = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/impact-preview',
  params: z.object({ envId: z.string() }),
  body: z.object({
    resource: z.enum(IMPACT_RESOURCES),
    id: z.uuid().nullable(),
    data: z.record(z.string(), z.unknown()),
  }),
  response: z.object({
    test: z
      .object({ id: z.string(), projectId: z.string(), tag: z.string(), finishedAt: z.string() })
      .nullable(),
    stale: z.boolean(),
    /** Messages categorised again, and those whose analysis was not kept (they keep their outcome). */
    messages: z.object({ compared: z.number(), withoutBasis: z.number() }),
    kinds: z.array(scoreDelta),
    gained: z.number(),
    lost: z.number(),
    changes: z.array(changedMessage),
  }),
});
export type ImpactPreview = z.infer<typeof previewImpact.response>;

/** Why outcomes changed between two runs: a rule that decided in one run only, or an interaction found in one only. */
const changeCause = z.object({
  /** `expectation`: the message's expectations differ between the runs; `other`: nothing stored says why. */
  type: z.enum(['rule', 'interaction', 'expectation', 'other']),
  /** The rule's category (type rule), or null. */
  category: z.string().nullable(),
  /** The rule (null: the default category) or the interaction. */
  name: z.string().nullable(),
  /** Whether it decided or was found in the later run only (`added`) or the earlier only (`removed`). */
  direction: z.enum(['added', 'removed']).nullable(),
  /** Messages it changed (how many, and the first CHANGES_SHOWN). */
  count: z.number(),
  messages: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ChangeCause = z.infer<typeof changeCause>;

/**
 * Two runs message by message (spec beyond: "compare two runs"): scores side by side, the messages
 * whose outcome changed, grouped by the rule or interaction that changed them. `id` is the later
 * run as the console shows it, `other` the one it is compared with. 404 TEST_NOT_FOUND.
 */
export const compareTests = defineCall({
  method: 'GET',
  path: '/v4/console/api/projects/{projectId}/tests/{id}/compare/{other}',
  params: z.object({ projectId: z.string(), id: z.string(), other: z.string() }),
  response: z.object({
    /** Messages in both runs that ended in both, and those in one run only. */
    messages: z.object({ compared: z.number(), onlyBefore: z.number(), onlyAfter: z.number() }),
    kinds: z.array(scoreDelta),
    gained: z.number(),
    lost: z.number(),
    changes: z.array(changedMessage),
    causes: z.array(changeCause),
  }),
});
export type TestComparison = z.infer<typeof compareTests.response>;

/**
 * The qualification panel's overview (spec pipeline §2 "Qualification panel"): the messages of the
 * bank, or of one tag, by qualification status and per kind (qualified, with expectations); the
 * classifications in use (the bank's and the project's categories), offered when labelling; and the
 * scores of the tag's last ended test.
 */
export const qualificationOverview = defineCall({
  method: 'GET',
  path: '/v4/console/api/projects/{projectId}/qualification',
  params: projectParams,
  query: z.object({ tag: z.string().max(100).optional() }),
  response: z.object({
    statuses: z.object({
      qualified: z.number(),
      partially_qualified: z.number(),
      not_qualified: z.number(),
    }),
    kinds: z.array(z.object({ kind, qualified: z.number(), withExpectations: z.number() })),
    categories: z.array(z.string()),
    lastTest: z
      .object({
        id: z.string(),
        status: z.enum(TEST_STATUSES),
        finishedAt: z.string().nullable(),
        kinds: z.array(z.object({ kind, micro: figures })),
      })
      .nullable(),
  }),
});
export type QualificationOverview = z.infer<typeof qualificationOverview.response>;

/** A bank message's content as it was added: the file, the simulated mail (.eml) or the text. */
export const bankMessageContent = defineCall({
  method: 'GET',
  path: '/v4/console/api/projects/{projectId}/messages/{id}/content',
  params: z.object({ projectId: z.string(), id: z.string() }),
  responseType: 'file',
});

/** Rules offered to a domain rule's name at most. */
export const PROJECT_RULES_MAX = 1000;

/**
 * The categorisation rules of the project's environments (spec §5: a domain rule's name must be
 * one of them), for those who write domain rules without reading the configuration (qualifiers):
 * each name once, with its categories and the environments that have it.
 */
export const projectRules = defineCall({
  method: 'GET',
  path: '/v4/console/api/projects/{projectId}/category-rules',
  params: projectParams,
  response: z.array(
    z.object({ name: z.string(), categories: z.array(z.string()), environments: z.array(z.string()) }),
  ),
});
export type ProjectRule = z.infer<typeof projectRules.response>[number];
