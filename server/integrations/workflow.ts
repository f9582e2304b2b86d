import { randomUUID } from 'node:crypto';
import { WORKFLOW_ANSWER_READ_BYTES, type WorkflowRequest } from '../../schemas/consolidation';
import { traceList, traceMessage, type TraceMessage } from '../../schemas/trace-messages';
import { attempt, type AttemptOutcome } from '../delivery/send';
import { hostOf, outboundPolicy } from '../kernel/outbound';
import { CodedError, type WorkflowEngine } from '../pipeline/stage';

/**
 * Why the workflow did not take the analysis, by code (docs/decisions/console-failures-by-code.md):
 * the delivery's outcome said as its English says it (server/delivery/send.ts), Node's words only a
 * `detail`.
 */
export const workflowNotTaken = (workflow: string, outcome: AttemptOutcome): TraceMessage => {
  const { error } = outcome;
  if (!error) return traceMessage('workflowNotTakenStatus', { workflow, status: String(outcome.statusCode) });
  const params = (error.params ?? {}) as Record<string, string | number>;
  const reason = (trace: TraceMessage) =>
    traceMessage('workflowNotTaken', { workflow, reason: traceList([trace]) });
  switch (error.code) {
    case 'DELIVERY_TIMEOUT':
      return reason(traceMessage('workflowTimeout', { seconds: params.seconds }));
    case 'DELIVERY_ANSWER_TOO_LARGE':
      return reason(traceMessage('workflowAnswerTooLarge', { megabytes: params.megabytes }));
    case 'DELIVERY_HTTP_ERROR':
      return reason(traceMessage('workflowHttpStatus', { status: params.status }));
    case 'DELIVERY_UNREACHABLE':
      return reason(traceMessage('workflowUnreachable', { detail: params.reason }));
    case 'DELIVERY_REFUSED_ADDRESS':
      return reason(traceMessage('workflowInternalAddress', { host: params.host, address: params.address }));
    default:
      return traceMessage('workflowNotTakenDetail', { workflow, detail: error.message });
  }
};

/**
 * The consolidation's client of the deployment's workflow engine (an n8n webhook base, DESIGN.md
 * §6): `POST {baseUrl}/{workflowId}` with the analysis as JSON, signed like a webhook when a secret
 * is set (`webhook-signature` over its id, timestamp and body), with an `X-Delivery-Id`. The base is the operator's own setting, so its host is reached
 * even on a private network; the workflow id is one path segment (schemas/consolidation.ts), so a
 * user cannot point it elsewhere. The answer is read up to 1 MB, its first 64 KB kept for its labels
 * (schemas/consolidation.ts `workflowLabels`); any failure throws
 * with what happened, by code (`workflowNotTaken`).
 */
export const createWorkflowClient = (
  { baseUrl, secret, timeoutMs }: { baseUrl: string; secret: string | undefined; timeoutMs: number },
  publicUrl: string,
): WorkflowEngine => {
  const base = baseUrl.replace(/\/+$/, '');
  const policy = outboundPolicy([hostOf(new URL(base))]);
  return {
    publicUrl,
    post: async (workflowId: string, request: WorkflowRequest) => {
      const id = randomUUID();
      const outcome = await attempt({
        url: `${base}/${encodeURIComponent(workflowId)}`,
        body: Buffer.from(JSON.stringify(request)),
        id,
        secret,
        headers: { 'x-delivery-id': id, 'x-delivery-attempt': '1' },
        timeoutMs,
        policy,
        keepAnswerBytes: WORKFLOW_ANSWER_READ_BYTES,
      });
      if (!outcome.ok) throw new CodedError(workflowNotTaken(workflowId, outcome));
      return {
        statusCode: outcome.statusCode!,
        durationMs: outcome.durationMs,
        answer: outcome.answer?.toString('utf8') ?? '',
      };
    },
  };
};
