/**
 * The consolidation module (spec pipeline §3 "Consolidation module: name, workflowId, module order",
 * DESIGN.md §6): each analysis's result is posted to a workflow of the deployment's workflow engine
 * (an n8n webhook: `WORKFLOW_BASE_URL/{workflowId}`), which may then mark the analysis finished
 * (`PATCH /v4/api/analyses/{id}`, with exchangeLabels) when it was created with the manual final
 * status. Shared by the engine, the API and the console.
 */

import { DETAIL_MESSAGES_EN, fillTemplate } from './detail-messages';

export interface ConsolidationSettings {
  /** The workflow's id: the last segment of its webhook URL. Empty: not set up yet. */
  workflowId: string;
}

export const DEFAULT_CONSOLIDATION: ConsolidationSettings = { workflowId: '' };

/** One URL path segment: an n8n webhook path or id (letters, digits, - and _). */
export const WORKFLOW_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$';

/** The JSON schema of `settings.consolidation` on the environment. */
export const consolidationSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { workflowId: { type: 'string', maxLength: 128 } },
  default: DEFAULT_CONSOLIDATION,
} as const;

/** Stored settings with the defaults filled in. */
export const consolidationSettingsOf = (stored: unknown): ConsolidationSettings => {
  const s = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<ConsolidationSettings>;
  return { workflowId: typeof s.workflowId === 'string' ? s.workflowId : '' };
};

export type ConsolidationProblem =
  | { code: 'workflowIdRequired'; path: 'workflowId'; message: string }
  | { code: 'badWorkflowId'; path: 'workflowId'; message: string; workflowId: string };

const idPattern = new RegExp(WORKFLOW_ID_PATTERN);

/** Why these settings cannot run: no workflow, or an id that is not one URL path segment. */
export const consolidationProblems = (settings: ConsolidationSettings): ConsolidationProblem[] =>
  !settings.workflowId
    ? [{ code: 'workflowIdRequired', path: 'workflowId', message: 'Give the id of the workflow to post to' }]
    : idPattern.test(settings.workflowId)
      ? []
      : [
          {
            code: 'badWorkflowId',
            path: 'workflowId',
            workflowId: settings.workflowId,
            message: fillTemplate(DETAIL_MESSAGES_EN.settingsWorkflowIdInvalid, {
              workflowId: settings.workflowId,
            }),
          },
        ];

/** What the consolidation step did (`result.consolidation`): the workflow and its answer's status. */
export interface ConsolidationOutput {
  workflowId: string;
  statusCode: number;
  durationMs: number;
  /** Whether the analysis waits for the workflow to mark it finished (manual final status). */
  waitsForFinalStatus: boolean;
  /**
   * The labels the workflow answered (`{"labels": [...]}`), which category rules may test (the
   * consolidation criterion) when the module runs before the categorisation. Absent before they were kept.
   */
  labels?: string[];
}

/** How much of the workflow's answer is read for its labels; the rest is read and dropped. */
export const WORKFLOW_ANSWER_READ_BYTES = 64 * 1024;
/** The labels of one answer kept at most, and their length. */
export const WORKFLOW_LABELS_MAX = 50;
export const WORKFLOW_LABEL_MAX_CHARS = 100;

/**
 * The labels of a workflow's answer (docs/webhooks.md "Consolidation workflows"): the strings of
 * its JSON `labels` array, trimmed, once each, at most WORKFLOW_LABELS_MAX of at most
 * WORKFLOW_LABEL_MAX_CHARS. An answer that is not such JSON gives none; `ignored` says how many
 * entries were left out (not strings, empty, too long or past the limit).
 *
 * @example workflowLabels('{"labels":["VIP"," urgent "]}') // { labels: ['VIP', 'urgent'], ignored: 0 }
 */
export const workflowLabels = (answer: string): { labels: string[]; ignored: number } => {
  let json: unknown;
  try {
    json = JSON.parse(answer);
  } catch {
    return { labels: [], ignored: 0 };
  }
  const list = (json as { labels?: unknown } | null)?.labels;
  if (!Array.isArray(list)) return { labels: [], ignored: 0 };
  const labels = new Set<string>();
  let ignored = 0;
  for (const entry of list) {
    const label = typeof entry === 'string' ? entry.trim() : '';
    if (labels.has(label)) continue;
    if (label && label.length <= WORKFLOW_LABEL_MAX_CHARS && labels.size < WORKFLOW_LABELS_MAX)
      labels.add(label);
    else ignored++;
  }
  return { labels: [...labels], ignored };
};

/**
 * What the workflow receives (docs/consolidation.md): the analysis's identity, what the pipeline
 * found, and how to mark it finished when it waits for that.
 */
export interface WorkflowRequest {
  analysisId: string;
  environmentId: string;
  name: string;
  workflowId: string;
  language: string | null;
  categories: { name: string; rule: string | null; taint: string | null }[];
  attachmentsCategories: { fileName: string; page: number | null; name: string; rule: string | null }[];
  extractedData: { name: string; value: string | number; source: string }[];
  taints: string[];
  reply: { template: string; text: string } | null;
  vision: unknown;
  /**
   * Present when the analysis was created with the manual final status: the public API call that
   * ends it, with an access key of the environment (body `{status?, exchangeLabels?}`).
   */
  finalStatus: { method: 'PATCH'; url: string } | null;
}
