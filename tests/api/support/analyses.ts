import type { FastifyInstance } from 'fastify';
import { FINAL_STATUSES, type AnalysisResult } from '../../../schemas/analysis-result';
import { multipart, type FormFile } from './multipart';

/** What `GET …/analyses/{id}/result` answers. */
export interface AnalysisRead {
  analysis: {
    status: string;
    error: string | null;
    /** `error` by code (schemas/trace-messages.ts), null when said only in English. */
    errorMessage?: { code: string; params?: Record<string, string | number> } | null;
  };
  result: AnalysisResult | null;
}

/** Posts an analysis request as a multipart form (a file, a simulated mail with attachments). */
export const postAnalysisForm = async (
  app: FastifyInstance,
  url: string,
  authorization: string,
  fields: Record<string, string>,
  files: FormFile[] = [],
) => {
  const body = await multipart(fields, files);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, authorization },
    payload: body.payload,
  });
};

/**
 * Reads the analysis (through the API, as the console does) until it reaches one of `statuses`.
 *
 * @example
 *   const { analysis, result } = await waitForAnalysis(async () => (await call('GET', resultUrl)).json());
 */
export const waitForAnalysis = async (
  read: () => Promise<AnalysisRead>,
  { statuses = FINAL_STATUSES as readonly string[], ms = 60_000 } = {},
): Promise<AnalysisRead> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const body = await read();
    if (statuses.includes(body.analysis.status)) return body;
    if (Date.now() > deadline) throw new Error(`the analysis stayed ${body.analysis.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
