import { useCallback, useEffect, useRef, useState } from 'react';
import { FINAL_STATUSES } from '../../../../schemas/analysis-result';
import type { AnalysisRecord, AnalysisResultAnswer } from '../../../../schemas/contracts/analyses';
import { getAnalysisResult } from '../../../../schemas/contracts/analyses';
import { HttpError } from '../../../api';
import { useApiClient } from '../../../providers/ServicesContext';
import { usePolling } from './usePolling';

export type ResultState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown }
  | { status: 'success'; data: AnalysisResultAnswer };

/** While an analysis waits or runs, its page asks for it this often. */
export const RESULT_REFRESH_MS = 2000;

/** Answers that end the page's life: the analysis is gone, or anonymized since it was opened. */
const isFinalRefusal = (error: unknown) => error instanceof HttpError && [404, 410].includes(error.status);

/**
 * An analysis and its result, asked again every two seconds until it is finished (processed, error,
 * aborted). A failed refresh keeps what is shown — the next one will tell — unless the analysis no
 * longer exists or was anonymized. `replace` shows a record an action answered with, then asks again.
 */
export const useAnalysisResult = (envId: string, id: string) => {
  const client = useApiClient();
  const [state, setState] = useState<ResultState>({ status: 'pending' });
  const inFlight = useRef(false);
  const target = useRef(`${envId}/${id}`);

  const load = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    const key = `${envId}/${id}`;
    try {
      const data = await client.call(getAnalysisResult, { params: { envId, id } });
      if (target.current === key) setState({ status: 'success', data });
    } catch (error) {
      if (target.current !== key) return;
      setState((previous) =>
        previous.status === 'success' && !isFinalRefusal(error) ? previous : { status: 'error', error },
      );
    } finally {
      inFlight.current = false;
    }
  }, [client, envId, id]);

  useEffect(() => {
    target.current = `${envId}/${id}`;
    setState({ status: 'pending' });
    void load();
  }, [envId, id, load]);

  const running = state.status === 'success' && !FINAL_STATUSES.includes(state.data.analysis.status);
  usePolling(() => void load(), RESULT_REFRESH_MS, running);

  const replace = useCallback(
    (analysis: AnalysisRecord) => {
      setState((previous) =>
        previous.status === 'success'
          ? { status: 'success', data: { ...previous.data, analysis } }
          : previous,
      );
      void load();
    },
    [load],
  );

  return { state, reload: load, replace };
};
