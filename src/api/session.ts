import type { ToastInput } from '../notifications/toast';
import type { ApiClientHandlers } from './client';
import { errorMessage } from './errors';
import type { HttpError } from './errors';

/**
 * What the console does when the server ends the session (401), refuses access (403) or reports an
 * expired password (410), spec platform-shell §8. Everything it touches is injected, so the router,
 * storage and toasts stay out of the API client and the behaviour can be tested on its own.
 */
export interface SessionDeps {
  notify(toast: ToastInput): void;
  /** Forget the token and the impersonation values (the "log out" of spec §8). */
  clearSession(): void;
  navigate(path: string): void;
  /** The current location, path and query, e.g. `/project/7?tab=notes`. */
  currentPath(): string;
  /** Keep the page to come back to after signing in again (spec §4). */
  rememberTarget(path: string): void;
}

export const loginPath = '/login';

// The login page itself is never a target: signing in would lead straight back to it.
const isLoginPath = (path: string): boolean => /^\/login(?:[/?#]|$)/.test(path);

/**
 * Builds the client's status handlers from the console's session, router and toasts.
 *
 * @example
 * const handlers = createSessionHandlers({
 *   notify: toast.show,
 *   clearSession: () => { writeStored(storageKeys.token, null); writeStored(storageKeys.switchUser, null); },
 *   navigate: (path) => router.navigate(path),
 *   currentPath: () => window.location.pathname + window.location.search,
 *   rememberTarget: (path) => sessionStorage.setItem(postLoginTargetKey, path),
 * });
 */
export const createSessionHandlers = (deps: SessionDeps): Required<ApiClientHandlers> => ({
  onUnauthorized(): void {
    deps.clearSession();
    deps.notify({
      severity: 'error',
      summary: { key: 'app.session.connectionLost' },
      detail: { key: 'app.session.loginAgain' },
    });
    const current = deps.currentPath();
    if (!isLoginPath(current)) deps.rememberTarget(current);
    deps.navigate(loginPath);
  },

  onForbidden(error: HttpError): void {
    deps.notify({ severity: 'error', summary: '403 Forbidden', detail: errorMessage(error) });
  },

  onPasswordExpired(refreshToken: string): void {
    deps.clearSession();
    deps.navigate(`/reset-password/${encodeURIComponent(refreshToken)}?hasExpired=true`);
  },
});
