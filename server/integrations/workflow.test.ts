import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowRequest } from '../../schemas/consolidation';
import { inEnglish, traceList, traceMessage } from '../../schemas/trace-messages';
import { outboundPolicy } from '../kernel/outbound';
import { attempt, MAX_ANSWER_BYTES, type AttemptOutcome } from '../delivery/send';
import { CodedError } from '../pipeline/stage';
import { createWorkflowClient, workflowNotTaken } from './workflow';

/** A workflow engine whose answer depends on the path: /500, /hang, /large; anything else 204. */
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    request.resume();
    if (request.url === '/500') response.writeHead(500).end('broken');
    else if (request.url === '/large') response.writeHead(200).end(Buffer.alloc(MAX_ANSWER_BYTES + 1));
    else if (request.url !== '/hang') response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const post = (url: string, policy = outboundPolicy(['127.0.0.1'])) =>
  attempt({
    url,
    body: Buffer.from('{}'),
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    headers: {},
    timeoutMs: 300,
    policy,
  });
const request = { analysisId: 'a' } as WorkflowRequest;
/**
 * What the client said before it said its failures by code
 * (docs/decisions/console-failures-by-code.md): the delivery's English after the workflow's id.
 */
const said = (outcome: AttemptOutcome) =>
  `The workflow 'crm' did not take the analysis: ${outcome.error?.message ?? `HTTP ${outcome.statusCode}`}`;

describe('the workflow client (why a workflow did not take the analysis, by code)', () => {
  it('throws a CodedError with the workflow and the receiver’s answer, the API’s English as before', async () => {
    const client = createWorkflowClient({ baseUrl: `${base}/`, secret: 's', timeoutMs: 1000 }, 'http://x');
    expect(await client.post('ok', request, new AbortController().signal)).toMatchObject({ statusCode: 204 });
    const error = await client.post('500', request, new AbortController().signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodedError);
    expect((error as CodedError).message).toBe(
      "The workflow '500' did not take the analysis: The receiver answered HTTP 500",
    );
    expect((error as CodedError).trace).toEqual(
      traceMessage('workflowNotTaken', {
        workflow: '500',
        reason: traceList([traceMessage('workflowHttpStatus', { status: 500 })]),
      }),
    );
  });

  it('says each failure of the delivery by code, its English the delivery’s words', async () => {
    const outcomes = {
      workflowHttpStatus: await post(`${base}/500`),
      workflowTimeout: await post(`${base}/hang`),
      workflowAnswerTooLarge: await post(`${base}/large`),
      workflowUnreachable: await post('http://127.0.0.1:9/crm'),
      workflowInternalAddress: await post(`${base}/crm`, outboundPolicy([])),
    };
    for (const [code, outcome] of Object.entries(outcomes)) {
      expect(outcome.ok, code).toBe(false);
      const trace = workflowNotTaken('crm', outcome);
      expect(trace, code).toMatchObject({
        code: 'workflowNotTaken',
        params: { workflow: 'crm', reason: { list: [{ code }] } },
      });
      expect(inEnglish(trace), code).toBe(said(outcome));
    }
    expect(workflowNotTaken('crm', outcomes.workflowTimeout).params?.reason).toEqual(
      traceList([traceMessage('workflowTimeout', { seconds: 0.3 })]),
    );
    expect(workflowNotTaken('crm', outcomes.workflowUnreachable).params?.reason).toEqual(
      traceList([traceMessage('workflowUnreachable', { detail: 'ECONNREFUSED' })]),
    );
    expect(workflowNotTaken('crm', outcomes.workflowInternalAddress).params?.reason).toEqual(
      traceList([traceMessage('workflowInternalAddress', { host: '127.0.0.1', address: '127.0.0.1' })]),
    );
  });

  it('keeps Node’s words only as a detail, and the bare status when there is no error', () => {
    const failed: AttemptOutcome = {
      ok: false,
      statusCode: 200,
      error: { code: 'DELIVERY_FAILED', message: 'aborted', params: { reason: 'aborted' } },
      durationMs: 1,
    };
    expect(workflowNotTaken('crm', failed)).toEqual(
      traceMessage('workflowNotTakenDetail', { workflow: 'crm', detail: 'aborted' }),
    );
    expect(inEnglish(workflowNotTaken('crm', failed))).toBe(said(failed));
    const bare: AttemptOutcome = { ok: false, statusCode: 302, error: null, durationMs: 1 };
    expect(workflowNotTaken('crm', bare)).toEqual(
      traceMessage('workflowNotTakenStatus', { workflow: 'crm', status: '302' }),
    );
    expect(inEnglish(workflowNotTaken('crm', bare))).toBe(said(bare));
  });
});
