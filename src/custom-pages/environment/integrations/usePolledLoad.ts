import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { usePolling } from '../analysis-result/usePolling';

/** Connectors and their runs are read again this often while shown: runs change them on their own. */
export const REFRESH_MS = 5000;

export type LoadState<T> =
  { status: 'pending' } | { status: 'error'; error: unknown } | { status: 'success'; data: T };

/**
 * What `load` answers, loaded when `key` changes and again every REFRESH_MS while `active` (not
 * through the call cache: a polled page must see what changed). What is shown stays until the next
 * answer; a failed refresh keeps it. `set` replaces it with an answer the page got otherwise (a
 * save's).
 *
 * @example
 * const connectors = usePolledLoad(() => client.call(listConnectors, { params: { envId } }), envId);
 */
export const usePolledLoad = <T>(load: () => Promise<T>, key: string, active = true) => {
  const [state, setState] = useState<LoadState<T>>({ status: 'pending' });
  const latest = useRef(load);
  useLayoutEffect(() => {
    latest.current = load;
  });
  // Only the newest answer counts: a slow poll must not overwrite a save's answer that came after it.
  const sequence = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++sequence.current;
    try {
      const data = await latest.current();
      if (mine === sequence.current) setState({ status: 'success', data });
    } catch (error) {
      if (mine === sequence.current)
        setState((s) => (s.status === 'success' ? s : { status: 'error', error }));
    }
  }, []);
  const set = useCallback((data: T) => {
    sequence.current += 1;
    setState({ status: 'success', data });
  }, []);
  useEffect(() => {
    setState({ status: 'pending' });
    void reload();
  }, [key, reload]);
  usePolling(() => void reload(), REFRESH_MS, active);
  return { state, reload, set };
};
