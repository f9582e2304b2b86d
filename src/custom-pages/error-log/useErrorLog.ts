import { useCallback, useEffect, useState } from 'react';
import { getErrorLog, type ErrorLogEntry, type ErrorLogQuery } from '../../../schemas/contracts/error-log';
import { useApiClient } from '../../providers/ServicesContext';

/** The log is read again this often: analyses end and deliveries fail on their own. */
export const ERROR_LOG_REFRESH_MS = 10_000;

export type ErrorLogState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown }
  | { status: 'success'; entries: ErrorLogEntry[]; total: number };

/**
 * One page of an environment's error log, asked again every 10 s and on `refresh()`. Not through
 * the call cache: a polled page must see what changed, and keeps the page shown until the next one.
 *
 * @example
 * const { state, refresh } = useErrorLog('e1', { kind: 'delivery', page: '1', perPage: '25' });
 */
export const useErrorLog = (envId: string, query: ErrorLogQuery) => {
  const client = useApiClient();
  const key = JSON.stringify(query);
  const [state, setState] = useState<ErrorLogState>({ status: 'pending' });
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    client.call(getErrorLog, { params: { envId }, query: JSON.parse(key) as ErrorLogQuery }).then(
      ({ entries, total }) => live && setState({ status: 'success', entries, total }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    const timer = setTimeout(refresh, ERROR_LOG_REFRESH_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, envId, key, tick, refresh]);

  return { state, refresh };
};
