import type { CurrentUser } from '../../schemas/contracts/auth';
import { fullName } from '../providers/landing';
import type { PosthogConfig, PosthogLike } from './posthogLoader';

export interface AnalyticsEnv {
  /** The production console host (`console.example.com`); analytics runs there and nowhere else. */
  productionHost?: string;
  apiHost?: string;
  key?: string;
}

export interface Analytics {
  /** True once the library is loaded, i.e. on the production host with a complete configuration. */
  readonly enabled: boolean;
  identify(user: CurrentUser): void;
  page(): void;
  reset(): void;
}

export interface AnalyticsDeps {
  env: AnalyticsEnv;
  currentHost: string;
  load: (config: PosthogConfig) => PosthogLike;
}

/**
 * Analytics of spec platform-shell §2: loaded only on the production console host, autocapture off,
 * an identify call with id, email, full name and the self-service flag, and a page view per navigation.
 * Everywhere else (development, tests, staging) every call is a no-op and no script is fetched.
 *
 * @example
 * const analytics = createAnalytics({ env, currentHost: window.location.host, load: loadPosthog });
 * analytics.page();
 */
export const createAnalytics = ({ env, currentHost, load }: AnalyticsDeps): Analytics => {
  const { productionHost, apiHost, key } = env;
  const posthog =
    productionHost && apiHost && key && currentHost === productionHost ? load({ apiHost, key }) : undefined;

  return {
    enabled: posthog !== undefined,
    identify(user) {
      posthog?.identify(user.id, { email: user.email, name: fullName(user), isLight: user.isLight });
    },
    page() {
      posthog?.capture('$pageview');
    },
    reset() {
      posthog?.reset();
    },
  };
};
