import type { CurrentUser } from '../../schemas/contracts/auth';
import type { ApiClient } from '../api';
import { loadAuthContracts } from './contracts';

/**
 * The signed-in user, kept outside React so that the auth provider, the router guard and the app
 * bar share one copy and one request. Fits `useSyncExternalStore` (stable snapshot, subscribe).
 */
export interface CurrentUserStore {
  get(): CurrentUser | undefined;
  /** Loads the user; concurrent callers share one request. */
  load(): Promise<CurrentUser>;
  set(user: CurrentUser): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

/**
 * @example
 * const currentUser = createCurrentUserStore(apiClient);
 * const user = await currentUser.load();
 */
export const createCurrentUserStore = (client: Pick<ApiClient, 'call'>): CurrentUserStore => {
  let user: CurrentUser | undefined;
  let pending: Promise<CurrentUser> | undefined;
  // Bumped on clear so that an answer arriving after logout is not stored for the next person.
  let generation = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  const set = (next: CurrentUser | undefined) => {
    user = next;
    emit();
  };

  return {
    get: () => user,
    load() {
      if (pending) return pending;
      const started = generation;
      const request = loadAuthContracts()
        .then(({ getCurrentUser }) => client.call(getCurrentUser, {}))
        .then((loaded) => {
          if (started === generation) set(loaded);
          return loaded;
        });
      pending = request;
      // Settled requests are forgotten, so a retry after a failure really asks again.
      const forget = () => {
        if (pending === request) pending = undefined;
      };
      request.then(forget, forget);
      return request;
    },
    set,
    clear() {
      generation += 1;
      pending = undefined;
      if (user !== undefined) set(undefined);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
};
