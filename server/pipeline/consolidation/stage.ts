import { traceList, traceMessage, type TraceMessage } from '../../../schemas/trace-messages';
import {
  consolidationProblems,
  workflowLabels,
  WORKFLOW_LABELS_MAX,
  WORKFLOW_LABEL_MAX_CHARS,
  type ConsolidationProblem,
  type WorkflowRequest,
} from '../../../schemas/consolidation';
import type { AnalysisResult } from '../../../schemas/analysis-result';
import type { PipelineInput, Stage } from '../stage';

const NO_WORKFLOW_ENGINE = traceMessage('consolidationNoEngine');

/** A settings problem (schemas/consolidation.ts) by code: its English is the problem's message. */
export const consolidationProblemTrace = (problem: ConsolidationProblem): TraceMessage => {
  switch (problem.code) {
    case 'workflowIdRequired':
      return traceMessage('consolidationWorkflowIdRequired');
    case 'badWorkflowId':
      return traceMessage('consolidationWorkflowIdInvalid', { workflowId: problem.workflowId });
  }
};

/** What the workflow is sent: what the pipeline found, and how to end the analysis when it waits. */
export const workflowRequest = (
  input: PipelineInput,
  result: AnalysisResult,
  workflowId: string,
  publicUrl: string,
): WorkflowRequest => ({
  analysisId: result.id,
  environmentId: input.origin?.environmentId ?? '',
  name: input.name,
  workflowId,
  language: result.language,
  categories: result.categories.map((c) => ({ name: c.name, rule: c.rule, taint: c.taint })),
  attachmentsCategories: result.attachmentsCategories.map((c) => ({
    fileName: c.filename,
    page: c.page,
    name: c.name,
    rule: c.rule,
  })),
  extractedData: result.extractedData.map((d) => ({ name: d.name, value: d.value, source: d.source })),
  taints: result.taints ?? [],
  reply: result.reply ? { template: result.reply.template, text: result.reply.text } : null,
  vision: result.vision ?? null,
  finalStatus: input.origin?.manualFinalStatus
    ? { method: 'PATCH', url: `${publicUrl}/v4/api/analyses/${result.id}` }
    : null,
});

/**
 * The consolidation step (DESIGN.md §6): the analysis posted to the environment's workflow. With
 * the manual final status, the analysis then waits, processed, for the workflow (or any client) to
 * mark it finished — or for the time limit. Without a workflow engine on the deployment, or before
 * a workflow is named, the step is skipped with a warning; a workflow that does not take the
 * analysis fails the step with what it answered.
 */
export const consolidationStage: Stage = {
  step: 'consolidation',
  skipReason: ({ config }) => (!config.consolidation ? traceMessage('consolidationNotConfigured') : null),
  run: async ({ input, config, services, signal, result }) => {
    if (!services.workflow)
      return { skipped: true, summary: NO_WORKFLOW_ENGINE, warnings: [NO_WORKFLOW_ENGINE] };
    const settings = config.consolidation!;
    const problems = consolidationProblems(settings);
    if (problems.length) {
      const reason = traceMessage('consolidationNotSetUp', {
        problem: traceList([consolidationProblemTrace(problems[0])]),
      });
      return { skipped: true, summary: reason, warnings: [reason] };
    }
    const request = workflowRequest(input, result, settings.workflowId, services.workflow.publicUrl);
    const { statusCode, durationMs, answer } = await services.workflow.post(
      settings.workflowId,
      request,
      signal,
    );
    const waits = Boolean(input.origin?.manualFinalStatus);
    const { labels, ignored } = workflowLabels(answer);
    result.consolidation = {
      workflowId: settings.workflowId,
      statusCode,
      durationMs,
      waitsForFinalStatus: waits,
      labels,
    };
    const posted = { workflow: settings.workflowId, status: statusCode };
    return {
      summary: labels.length
        ? traceMessage(waits ? 'consolidationLabelledWaits' : 'consolidationLabelled', {
            ...posted,
            labels: labels.map((l) => `'${l}'`).join(', '),
          })
        : traceMessage(waits ? 'consolidationPostedWaits' : 'consolidationPosted', posted),
      warnings: ignored
        ? [
            traceMessage('consolidationLabelsIgnored', {
              count: ignored,
              max: WORKFLOW_LABELS_MAX,
              chars: WORKFLOW_LABEL_MAX_CHARS,
            }),
          ]
        : [],
    };
  },
};
