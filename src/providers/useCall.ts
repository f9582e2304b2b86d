import { useCallback, useEffect, useState } from 'react';
import type { CallContract, CallInput, CallOutput } from '../../schemas/contracts/define';
import { cachedCall, onCallCacheInvalidated } from './callCache';
import { useApiClient } from './ServicesContext';

export type CallState<T> =
  | { status: 'pending'; data?: undefined; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown }
  | { status: 'success'; data: T; error?: undefined };

/** A contract, or a module-level function that loads it (see contracts.ts: keeps zod off the first download). */
export type ContractSource<C extends CallContract> = C | (() => Promise<C>);

/**
 * Runs a read call of the API for a component, shared through the call cache. Pass `null` as input
 * to wait (e.g. until a route parameter is known). A loader passed as `contract` must be stable
 * (defined at module level), since it identifies the call.
 *
 * @example
 * const { status, data, retry } = useCall(getProject, { params: { projectId } });
 */
export const useCall = <C extends CallContract>(
  contract: ContractSource<C>,
  input: CallInput<C> | null,
): CallState<CallOutput<C>> & { retry: () => void } => {
  const client = useApiClient();
  // Effects compare strings, not input objects rebuilt at each render.
  const key = input === null ? null : JSON.stringify({ params: input.params, query: input.query });
  const [attempt, setAttempt] = useState(0);
  // Bumped when the cache is invalidated (a record changed): the call is made again, and the answer
  // already shown stays until the new one arrives, so pages refresh without flashing a loader.
  const [revision, setRevision] = useState(0);
  const [result, setResult] = useState<{ key: string; attempt: number; state: CallState<CallOutput<C>> }>();

  useEffect(() => onCallCacheInvalidated(client, () => setRevision((n) => n + 1)), [client]);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    // Round-tripped through JSON on purpose: it is the value the key was made of.
    const parsed = JSON.parse(key) as CallInput<C>;
    const resolved = typeof contract === 'function' ? contract() : Promise.resolve(contract);
    resolved
      .then((loaded) => cachedCall(client, loaded, parsed))
      .then(
        (data) => live && setResult({ key, attempt, state: { status: 'success', data } }),
        (error: unknown) => live && setResult({ key, attempt, state: { status: 'error', error } }),
      );
    return () => {
      live = false;
    };
  }, [client, contract, key, attempt, revision]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state: CallState<CallOutput<C>> =
    result && result.key === key && result.attempt === attempt ? result.state : { status: 'pending' };
  return { ...state, retry };
};
