import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Calls `tick` every `intervalMs` while `active` and the tab is visible: a background tab asks the
 * server nothing, and catches up once as soon as it is shown again.
 */
export const usePolling = (tick: () => void, intervalMs: number, active: boolean): void => {
  const latest = useRef(tick);
  useLayoutEffect(() => {
    latest.current = tick;
  });
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      if (timer === undefined && document.visibilityState !== 'hidden')
        timer = setInterval(() => latest.current(), intervalMs);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') return stop();
      latest.current();
      start();
    };
    start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, intervalMs]);
};
