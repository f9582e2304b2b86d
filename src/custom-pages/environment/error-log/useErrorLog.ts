import { useCallback, useEffect, useState } from 'react';
import { getErrorLog, type ErrorLogEntry, type ErrorLogQuery } from '../../../../schemas/contracts/error-log';
import { useApiClient } from '../../../providers/ServicesContext';

/** The log is read again this often: analyses end and deliveries fail on their own. */
export const ERROR_LOG_REFRESH_MS = 10_000;

export type ErrorLogState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown }
  | { status: 'success'; entries: ErrorLogEntry[]; total: number };

/**
 * `known` (sorted) with the categories the entries' analyses got, each once: `known` itself when
 * none is new.
 */
export const withCategoriesOf = (known: string[], entries: readonly ErrorLogEntry[]): string[] => {
  const names = new Set(known);
  for (const entry of entries)
    if (entry.kind === 'step') for (const name of entry.categories) names.add(name);
  return names.size === known.length ? known : [...names].sort((a, b) => a.localeCompare(b));
};

/**
 * One page of an environment's error log, asked again every 10 s and on `refresh()`. Not through
 * the call cache: a polled page must see what changed, and keeps the page shown until the next one.
 * `categories`: every category met in the pages read so far for this environment (whatever their
 * filters), which the category filter offers.
 *
 * @example
 * const { state, refresh, categories } = useErrorLog('e1', { kind: 'delivery', page: '1', perPage: '25' });
 */
export const useErrorLog = (envId: string, query: ErrorLogQuery) => {
  const client = useApiClient();
  const key = JSON.stringify(query);
  const [state, setState] = useState<ErrorLogState>({ status: 'pending' });
  const [seen, setSeen] = useState<{ envId: string; categories: string[] }>({ envId, categories: [] });
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    client.call(getErrorLog, { params: { envId }, query: JSON.parse(key) as ErrorLogQuery }).then(
      ({ entries, total }) => {
        if (!live) return;
        setState({ status: 'success', entries, total });
        setSeen((previous) => {
          const known = previous.envId === envId ? previous.categories : [];
          const categories = withCategoriesOf(known, entries);
          return categories === previous.categories ? previous : { envId, categories };
        });
      },
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    const timer = setTimeout(refresh, ERROR_LOG_REFRESH_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, envId, key, tick, refresh]);

  return { state, refresh, categories: seen.envId === envId ? seen.categories : [] };
};
