import { useCallback, useEffect, useState } from 'react';
import { isWholeCatalogue, loadWholeCatalogue } from '../providers/i18nProvider';
import { useCurrentUser, useServices } from '../providers/ServicesContext';
import { getToken } from '../providers/session';

export type UserGate =
  { status: 'ready' } | { status: 'loading' } | { status: 'error'; error: unknown; retry: () => void };

/**
 * Spec §2: when a token is stored but no user is loaded, the user is loaded before any page shows,
 * and a failed load blocks navigation. A 401 during the load ends the session (the API client's
 * handler signs out and goes to the login page), after which nothing is blocked any more.
 * The signed-in pages' messages, not in the sign-in page's download, are loaded in the same wait.
 */
export const useUserGate = (): UserGate => {
  const { currentUser } = useServices();
  const user = useCurrentUser();
  const token = getToken();
  const needsUser = token !== null && user === undefined;
  // Read at each render: a sign-in loads the messages itself (authProvider.login), before the user.
  const needsMessages = token !== null && !isWholeCatalogue();
  const [, setLoaded] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Tied to the token and the attempt, so a new session or a retry never shows an old failure.
  const [failure, setFailure] = useState<{ token: string; attempt: number; error: unknown }>();

  useEffect(() => {
    if (!needsUser || token === null) return;
    let live = true;
    currentUser.load().catch((error: unknown) => {
      if (live) setFailure({ token, attempt, error });
    });
    return () => {
      live = false;
    };
  }, [needsUser, token, attempt, currentUser]);

  useEffect(() => {
    if (!needsMessages || token === null) return;
    let live = true;
    loadWholeCatalogue().then(
      () => live && setLoaded(true),
      (error: unknown) => live && setFailure({ token, attempt, error }),
    );
    return () => {
      live = false;
    };
  }, [needsMessages, token, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (!needsUser && !needsMessages) return { status: 'ready' };
  if (failure && failure.token === token && failure.attempt === attempt) {
    return { status: 'error', error: failure.error, retry };
  }
  return { status: 'loading' };
};
