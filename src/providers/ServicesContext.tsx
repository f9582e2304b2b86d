import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { CurrentUser } from '../../schemas/contracts/auth';
import type { ApiClient } from '../api';
import type { CurrentUserStore } from './currentUser';

/**
 * The console's own services, handed down like react-admin's providers so that tests can render a
 * page against a fake API instead of the real one.
 */
export interface Services {
  client: ApiClient;
  currentUser: CurrentUserStore;
}

const ServicesContext = createContext<Services | null>(null);

export const ServicesProvider = ({ services, children }: { services: Services; children: ReactNode }) => (
  <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
);

export const useServices = (): Services => {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>');
  return services;
};

export const useApiClient = (): ApiClient => useServices().client;

/** The signed-in user, or undefined while signed out or not loaded yet; re-renders on change. */
export const useCurrentUser = (): CurrentUser | undefined => {
  const { currentUser } = useServices();
  return useSyncExternalStore(currentUser.subscribe, currentUser.get);
};
