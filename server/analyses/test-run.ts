import type { AnalysisResult, TraceStep } from '../../schemas/analysis-result';
import type { ErrorCode } from '../../schemas/error-codes';
import { inEnglish, traceMessage, type TraceMessage } from '../../schemas/trace-messages';
import { ClientError } from '../kernel/http/errors';
import type { PipelineConfig, PipelineInput } from '../pipeline/stage';
import type { PipelinePool } from '../pipeline-threads/pool';

/**
 * The input of a test tab (extraction, reply, advanced categorisation): the text, or a mail when a
 * subject is given, so that templates read it as they read an analysis.
 */
export const testInput = (name: string, text: string, subject?: string): PipelineInput =>
  subject?.trim()
    ? {
        kind: 'file',
        name,
        filename: 'test.eml',
        bytes: new TextEncoder().encode(
          `Subject: ${subject.replace(/[\r\n]+/g, ' ')}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${text}`,
        ),
        metadata: {},
      }
    : { kind: 'text', name, text, metadata: {} };

/**
 * A test tab's failure (CATEGORISATION_TEST_FAILED, EXTRACTION_TEST_FAILED, REPLY_TEST_FAILED): a
 * 422 whose message is the reason in English (API clients read it), and whose params carry it
 * (`reason`) with its code when it has one (`trace`, schemas/trace-messages.ts), which the console
 * says in the user's language.
 */
export const testFailed = (code: ErrorCode, reason: string, trace?: TraceMessage | null) =>
  new ClientError(422, code, reason, { params: trace ? { reason, trace } : { reason } });

/**
 * A test tab's run: the pipeline's own `steps` (in their trace order, nothing else, nothing
 * delivered) on its input, so that the tab reads a text exactly as an analysis would. It runs in a
 * pipeline thread, as analyses do: no text makes the API wait. A step that fails is a 422 with the
 * step's own message.
 */
export const runTestSteps = async (
  input: PipelineInput,
  config: PipelineConfig,
  pipelines: PipelinePool,
  steps: readonly TraceStep[],
  { id, code, timeoutMs = 30_000 }: { id: string; code: ErrorCode; timeoutMs?: number },
): Promise<AnalysisResult> => {
  const limit = traceMessage('testTimeLimit', { seconds: timeoutMs / 1000 });
  const { result } = await pipelines.run(
    { id, input, config, steps, timeLimit: { ms: timeoutMs, message: inEnglish(limit), trace: limit } },
    'object',
  );
  if (result.status === 'error' && result.error) throw testFailed(code, result.error, result.errorMessage);
  const failed = result.trace.find((t) => t.status === 'error');
  if (failed)
    throw failed.errors.length
      ? testFailed(code, failed.errors[0], failed.messages?.errors?.[0])
      : testFailed(code, failed.summary, failed.messages?.summary);
  return result;
};
