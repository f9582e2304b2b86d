import type { AuthProvider, UserIdentity } from 'react-admin';
import type { CurrentUser } from '../../schemas/contracts/auth';
import { HttpError } from '../api';
import type { ApiClient } from '../api';
import { canAccess } from './canAccess';
import { loadAuthContracts } from './contracts';
import type { AccessRequest } from './canAccess';
import type { CurrentUserStore } from './currentUser';
import { fullName, landingPath } from './landing';
import { LoginError, toLoginError } from './loginErrors';
import { loadWholeCatalogue } from './i18nProvider';
import { clearSession, consumeTarget, getToken, markSignedIn, setToken } from './session';

export interface LoginParams {
  username: string;
  password: string;
}

export interface AuthProviderDeps {
  client: Pick<ApiClient, 'call' | 'request'>;
  currentUser: CurrentUserStore;
  /** Anything else that holds per-user data and must be forgotten at logout (caches). */
  onLogout?: () => void;
}

export const loginUrl = '/login';

/** How long a logout waits for the server before going to Login anyway. */
const LOGOUT_TIMEOUT_MS = 5_000;

/**
 * react-admin rejects checkAuth / checkError with this shape; `message: false` because the API
 * client's 401 handler has already told the user (spec §8), and one notice is enough.
 */
const signedOut = { redirectTo: loginUrl, message: false, logoutUser: true } as const;

const statusOf = (error: unknown): number | undefined =>
  error instanceof HttpError
    ? error.status
    : typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
      ? error.status
      : undefined;

/**
 * react-admin's AuthProvider over the console's API client (spec platform-shell §4, §6).
 *
 * @example
 * const authProvider = createAuthProvider({ client: apiClient, currentUser });
 * <Admin authProvider={authProvider} loginPage={false} />
 */
export const createAuthProvider = ({ client, currentUser, onLogout }: AuthProviderDeps): AuthProvider => {
  const user = async (): Promise<CurrentUser> => currentUser.get() ?? currentUser.load();

  return {
    async login({ username, password }: LoginParams) {
      let token: string;
      try {
        const { loginCheck } = await loadAuthContracts();
        ({ token } = await client.call(loginCheck, { body: { username, password } }));
      } catch (err) {
        throw toLoginError(err);
      }
      setToken(token);
      currentUser.clear();
      let loaded: CurrentUser;
      try {
        // The signed-in pages' messages with the user: the first page after the redirect needs both,
        // and the shell's gate (routing/useUserGate.ts) would otherwise hold the login page mid-flow.
        [loaded] = await Promise.all([currentUser.load(), loadWholeCatalogue()]);
      } catch {
        // Half a session (a token but no user) would block every page: better to start over.
        clearSession();
        throw new LoginError('generic');
      }
      markSignedIn();
      return { redirectTo: consumeTarget() ?? landingPath(loaded) };
    },

    async logout() {
      // Forgotten in the browser first, whatever the server answers: a failed call must not leave
      // the next person signed in. The token is then sent once more, by hand since it is no longer
      // stored, so that the server revokes it (docs/security.md, "Sessions"); a refusal of an
      // already-ended session is not the "connection lost" of a 401 either.
      const token = getToken();
      clearSession();
      currentUser.clear();
      onLogout?.();
      if (token !== null) {
        try {
          const { logout } = await loadAuthContracts();
          await client.request({
            method: logout.method,
            path: logout.path,
            headers: { Authorization: `Bearer ${token}` },
            signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
          });
        } catch {
          // Unreachable server: the token is forgotten here and expires there at its time.
        }
      }
      return loginUrl;
    },

    async checkAuth() {
      if (getToken() === null) return Promise.reject(signedOut);
    },

    async checkError(error: unknown) {
      // 403 keeps the session: the user is signed in, just not allowed there (spec §8).
      if (statusOf(error) === 401) return Promise.reject(signedOut);
    },

    async getIdentity(): Promise<UserIdentity> {
      const loaded = await user();
      return { id: loaded.id, fullName: fullName(loaded) };
    },

    async getPermissions() {
      return getToken() === null ? undefined : user();
    },

    async canAccess(params: AccessRequest) {
      if (getToken() === null) return false;
      return canAccess(await user(), params);
    },
  };
};
