import type { CallContract, CallInput, CallOutput } from '../../schemas/contracts/define';
import type { ApiClient } from '../api';

/**
 * A short-lived cache of read calls, so that the app bar, the document title and a home page asking
 * for the same organisation make one request. Failures are not kept (a retry asks again); answers are
 * reused for a short while only, since other screens will soon edit these records.
 */
const maxAgeMs = 30_000;

interface Entry {
  promise: Promise<unknown>;
  settledAt?: number;
}

const caches = new WeakMap<Pick<ApiClient, 'call'>, Map<string, Entry>>();

export const callKey = (contract: CallContract, input: { params?: unknown; query?: unknown }): string =>
  `${contract.method} ${contract.path} ${JSON.stringify({ params: input.params, query: input.query })}`;

export const cachedCall = <C extends CallContract>(
  client: Pick<ApiClient, 'call'>,
  contract: C,
  input: CallInput<C>,
): Promise<CallOutput<C>> => {
  let cache = caches.get(client);
  if (!cache) {
    cache = new Map();
    caches.set(client, cache);
  }
  const key = callKey(contract, input);
  const hit = cache.get(key);
  if (hit && (hit.settledAt === undefined || Date.now() - hit.settledAt < maxAgeMs)) {
    return hit.promise as Promise<CallOutput<C>>;
  }
  const entry: Entry = { promise: client.call(contract, input) };
  const store = cache;
  entry.promise.then(
    () => {
      entry.settledAt = Date.now();
    },
    () => {
      if (store.get(key) === entry) store.delete(key);
    },
  );
  cache.set(key, entry);
  return entry.promise as Promise<CallOutput<C>>;
};

/** Forgets every cached answer of a client, e.g. at logout, so the next user sees nothing stale. */
export const clearCallCache = (client: Pick<ApiClient, 'call'>): void => {
  caches.delete(client);
};

const listeners = new WeakMap<object, Set<() => void>>();

/**
 * Forgets the cached answers and tells the mounted readers to ask again: after a record was created,
 * renamed or deleted, menus, breadcrumbs and home pages must not show the old one for 30 seconds.
 */
export const invalidateCallCache = (client: Pick<ApiClient, 'call'>): void => {
  clearCallCache(client);
  listeners.get(client)?.forEach((listener) => listener());
};

/** Called after each `invalidateCallCache` of that client; returns the unsubscribe function. */
export const onCallCacheInvalidated = (
  client: Pick<ApiClient, 'call'>,
  listener: () => void,
): (() => void) => {
  let set = listeners.get(client);
  if (!set) {
    set = new Set();
    listeners.set(client, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
};
