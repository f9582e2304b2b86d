/**
 * The PostHog snippet, typed: a stub that queues calls until `array.js` (fetched from the analytics
 * host) replaces it with the real library and replays the queue. Nothing here runs unless analytics
 * is enabled (see analytics.ts).
 */
export interface PosthogLike {
  init(key: string, options: Record<string, unknown>): void;
  identify(distinctId: string, properties?: Record<string, unknown>): void;
  capture(event: string, properties?: Record<string, unknown>): void;
  reset(): void;
}

export interface PosthogConfig {
  apiHost: string;
  key: string;
}

type Stub = unknown[] & Partial<PosthogLike> & { _i?: unknown[]; __SV?: number };

declare global {
  interface Window {
    posthog?: Stub;
  }
}

const queuedMethods = [
  'capture',
  'identify',
  'reset',
  'register',
  'unregister',
  'opt_out_capturing',
  'opt_in_capturing',
];

/** PostHog cloud serves its script from a separate assets host; a self-hosted instance serves it itself. */
const assetsHost = (apiHost: string) =>
  apiHost.replace(/\/$/, '').replace('.i.posthog.com', '-assets.i.posthog.com');

export const loadPosthog = (
  { apiHost, key }: PosthogConfig,
  doc: Document = document,
  win: Window = window,
): PosthogLike => {
  const stub: Stub = win.posthog ?? [];
  if (!stub.__SV) {
    stub._i = [];
    for (const method of queuedMethods) {
      (stub as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        stub.push([method, ...args]);
      };
    }
    stub.init = (token, options) => {
      stub._i?.push([token, options, 'posthog']);
    };
    stub.__SV = 1;
    win.posthog = stub;
    const script = doc.createElement('script');
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.src = `${assetsHost(apiHost)}/static/array.js`;
    doc.head.appendChild(script);
  }
  // The real library reads `_i` when it arrives; calls made before that wait in the queue.
  const posthog = stub as PosthogLike;
  posthog.init(key, {
    api_host: apiHost,
    autocapture: false,
    capture_pageview: false,
    person_profiles: 'identified_only',
  });
  return posthog;
};
