import { randomUUID } from 'node:crypto';
import type { WorkflowRequest } from '../../schemas/consolidation';
import { attempt } from '../delivery/send';
import { hostOf, outboundPolicy } from '../delivery/outbound';
import type { WorkflowEngine } from '../pipeline/stage';

/**
 * The consolidation's client of the deployment's workflow engine (an n8n webhook base, DESIGN.md
 * §6): `POST {baseUrl}/{workflowId}` with the analysis as JSON, signed like a webhook when a secret
 * is set, with an `X-Delivery-Id`. The base is the operator's own setting, so its host is reached
 * even on a private network; the workflow id is one path segment (schemas/consolidation.ts), so a
 * user cannot point it elsewhere. The answer is read up to 1 MB and dropped; any failure throws
 * with what happened.
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
      const outcome = await attempt({
        url: `${base}/${encodeURIComponent(workflowId)}`,
        body: Buffer.from(JSON.stringify(request)),
        secret,
        headers: { 'x-delivery-id': randomUUID(), 'x-delivery-attempt': '1' },
        timeoutMs,
        policy,
      });
      if (!outcome.ok)
        throw new Error(
          `The workflow '${workflowId}' did not take the analysis: ${outcome.error?.message ?? `HTTP ${outcome.statusCode}`}`,
        );
      return { statusCode: outcome.statusCode!, durationMs: outcome.durationMs };
    },
  };
};
