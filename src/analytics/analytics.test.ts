import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test/fixtures';
import { createAnalytics } from './analytics';
import type { PosthogLike } from './posthogLoader';
import { loadPosthog } from './posthogLoader';

const env = { productionHost: 'console.example.com', apiHost: 'https://eu.i.posthog.com', key: 'phc_test' };

const fakePosthog = (): PosthogLike & { calls: unknown[][] } => {
  const calls: unknown[][] = [];
  return {
    calls,
    init: (...args) => calls.push(['init', ...args]),
    identify: (...args) => calls.push(['identify', ...args]),
    capture: (...args) => calls.push(['capture', ...args]),
    reset: () => calls.push(['reset']),
  };
};

describe('analytics gating', () => {
  it('loads nothing and does nothing off the production host', () => {
    const load = vi.fn(fakePosthog);
    const analytics = createAnalytics({ env, currentHost: 'localhost:5173', load });
    analytics.page();
    analytics.identify(makeUser());
    expect(load).not.toHaveBeenCalled();
    expect(analytics.enabled).toBe(false);
  });

  it('loads nothing when the production host is not configured, even on an empty host', () => {
    const load = vi.fn(fakePosthog);
    expect(
      createAnalytics({ env: { ...env, productionHost: undefined }, currentHost: '', load }).enabled,
    ).toBe(false);
    expect(
      createAnalytics({ env: { ...env, key: '' }, currentHost: 'console.example.com', load }).enabled,
    ).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('on the production host, identifies the user with id, email, full name and the self-service flag', () => {
    const posthog = fakePosthog();
    const analytics = createAnalytics({ env, currentHost: 'console.example.com', load: () => posthog });
    analytics.identify(makeUser({ isLight: true }));
    analytics.page();
    expect(posthog.calls).toEqual([
      ['identify', 'u1', { email: 'alice@acme.test', name: 'Alice Martin', isLight: true }],
      ['capture', '$pageview'],
    ]);
  });
});

describe('PostHog loader', () => {
  beforeEach(() => {
    delete window.posthog;
    document.head.innerHTML = '';
  });

  it('injects the script from the analytics host and starts with autocapture and automatic page views off', () => {
    const posthog = loadPosthog({ apiHost: 'https://eu.i.posthog.com', key: 'phc_test' });
    const script = document.head.querySelector('script');
    expect(script?.src).toBe('https://eu-assets.i.posthog.com/static/array.js');
    expect(window.posthog?._i).toEqual([
      [
        'phc_test',
        expect.objectContaining({
          api_host: 'https://eu.i.posthog.com',
          autocapture: false,
          capture_pageview: false,
        }),
        'posthog',
      ],
    ]);
    posthog.capture('$pageview');
    expect(Array.from(window.posthog ?? [])).toContainEqual(['capture', '$pageview']);
  });
});
