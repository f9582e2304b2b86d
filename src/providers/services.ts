import { createApiClient, createSessionHandlers } from '../api';
import { toast } from '../notifications';
import { readStored, storageKeys } from '../storage';
import { createAuthProvider } from './authProvider';
import { clearCallCache, invalidateCallCache } from './callCache';
import { createCurrentUserStore } from './currentUser';
import { createDataProvider, withMutationHook } from './dataProvider';
import { createI18nProvider } from './i18nProvider';
import { currentPath, navigateTo } from './navigation';
import type { Services } from './ServicesContext';
import { clearSession, getToken, markSessionLost, rememberTarget } from './session';

export interface ConsoleServicesOptions {
  /** The transport; tests pass a fake that answers like the server. */
  fetch?: typeof fetch;
  baseUrl?: string;
}

/**
 * Wires the console's services once, at start-up: the API client with the session handlers of
 * spec §8, the current-user store and the three react-admin providers.
 *
 * @example
 * const bundle = createConsoleServices();
 * <ConsoleAdmin bundle={bundle} />
 */
export const createConsoleServices = (options: ConsoleServicesOptions = {}) => {
  const client = createApiClient({
    baseUrl: options.baseUrl ?? import.meta.env.VITE_API_BASE_URL ?? '',
    fetch: options.fetch,
    getToken,
    getSwitchUser: () => readStored(storageKeys.switchUser),
    handlers: createSessionHandlers({
      notify: (input) => {
        toast.show(input);
      },
      // Runs long after start-up, so it may use the store created below from this very client.
      clearSession: () => {
        clearSession();
        currentUser.clear();
        clearCallCache(client);
      },
      navigate: navigateTo,
      currentPath,
      // Only the 401 path remembers the page: it has shown its notice, the route guard need not.
      rememberTarget: (path) => {
        rememberTarget(path);
        markSessionLost();
      },
    }),
  });
  const currentUser = createCurrentUserStore(client);
  const services: Services = { client, currentUser };
  return {
    services,
    authProvider: createAuthProvider({ client, currentUser, onLogout: () => clearCallCache(client) }),
    // The shell's reads (menus, breadcrumbs, home pages) go through the call cache, not react-admin's.
    dataProvider: withMutationHook(createDataProvider(client), () => invalidateCallCache(client)),
    i18nProvider: createI18nProvider(),
  };
};

export type ConsoleServices = ReturnType<typeof createConsoleServices>;
