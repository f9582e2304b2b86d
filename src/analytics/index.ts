import { createAnalytics } from './analytics';
import type { Analytics } from './analytics';
import { loadPosthog } from './posthogLoader';

export { createAnalytics } from './analytics';
export type { Analytics, AnalyticsEnv } from './analytics';

let instance: Analytics | undefined;

/** The console's analytics, created on first use from the build's environment variables. */
export const getAnalytics = (): Analytics => {
  instance ??= createAnalytics({
    env: {
      productionHost: import.meta.env.VITE_ANALYTICS_PRODUCTION_HOST,
      apiHost: import.meta.env.VITE_ANALYTICS_API_HOST,
      key: import.meta.env.VITE_ANALYTICS_KEY,
    },
    currentHost: window.location.host,
    load: loadPosthog,
  });
  return instance;
};
