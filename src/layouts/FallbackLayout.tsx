import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';

// Only an unknown address shows this frame, so it is not part of the first download.
const FallbackFrame = lazy(() =>
  import('./FallbackFrame').then((module) => ({ default: module.FallbackFrame })),
);

/**
 * react-admin's `layout`: it only frames what react-admin routes itself — the not-found page for
 * an unknown path. All console routes bring their own layout.
 */
export const FallbackLayout = ({ children }: { children?: ReactNode }) => (
  <Suspense fallback={null}>
    <FallbackFrame>{children}</FallbackFrame>
  </Suspense>
);
