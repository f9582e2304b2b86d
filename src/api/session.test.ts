import { describe, expect, it, vi } from 'vitest';
import { getCurrentUser } from '../../schemas/contracts/auth';
import type { ToastInput } from '../notifications/toast';
import { createApiClient } from './client';
import { HttpError } from './errors';
import { createSessionHandlers } from './session';
import type { SessionDeps } from './session';
import { fakeFetch, jsonResponse, rejectionOf } from './testing';

/** Records every effect in order, so tests can check what happened and in which sequence. */
const recordingDeps = (path = '/project/7?tab=notes') => {
  const effects: string[] = [];
  const toasts: ToastInput[] = [];
  const deps: SessionDeps = {
    notify: (toast) => {
      toasts.push(toast);
      effects.push('notify');
    },
    clearSession: () => effects.push('clearSession'),
    navigate: (to) => effects.push(`navigate ${to}`),
    currentPath: () => path,
    rememberTarget: (target) => effects.push(`remember ${target}`),
  };
  return { deps, effects, toasts };
};

describe('session handlers', () => {
  it('on 401, logs out, says the connection is lost and goes to Login remembering the page', () => {
    const { deps, effects, toasts } = recordingDeps();
    createSessionHandlers(deps).onUnauthorized(new HttpError(401, 'Unauthorized', undefined));
    expect(effects).toEqual(['clearSession', 'notify', 'remember /project/7?tab=notes', 'navigate /login']);
    expect(toasts).toEqual([
      {
        severity: 'error',
        summary: { key: 'app.session.connectionLost' },
        detail: { key: 'app.session.loginAgain' },
      },
    ]);
  });

  it('on 401 while already on Login, does not remember Login as the page to return to', () => {
    const { deps, effects } = recordingDeps('/login?next=1');
    createSessionHandlers(deps).onUnauthorized(new HttpError(401, 'Unauthorized', undefined));
    expect(effects).toEqual(['clearSession', 'notify', 'navigate /login']);
  });

  it('on 403, shows "403 Forbidden" with the message of the answer body', () => {
    const { deps, effects, toasts } = recordingDeps();
    createSessionHandlers(deps).onForbidden(new HttpError(403, 'Forbidden', { message: 'Not your project' }));
    expect(toasts).toEqual([{ severity: 'error', summary: '403 Forbidden', detail: 'Not your project' }]);
    expect(effects).toEqual(['notify']);
  });

  it('on 403 without a body message, shows the status text', () => {
    const { deps, toasts } = recordingDeps();
    createSessionHandlers(deps).onForbidden(new HttpError(403, 'Forbidden', undefined));
    expect(toasts).toEqual([{ severity: 'error', summary: '403 Forbidden', detail: 'Forbidden' }]);
  });

  it('on 410, logs out and opens ResetPassword with the refresh token and hasExpired', () => {
    const { deps, effects } = recordingDeps();
    createSessionHandlers(deps).onPasswordExpired('rt/42 x', new HttpError(410, 'Gone', undefined));
    expect(effects).toEqual(['clearSession', 'navigate /reset-password/rt%2F42%20x?hasExpired=true']);
  });

  it('wired into the client, a 401 with a stored token sends the user to Login', async () => {
    const { deps, effects } = recordingDeps();
    let token: string | null = 'tok';
    const clearSession = vi.fn(() => {
      token = null;
    });
    const api = createApiClient({
      baseUrl: '',
      fetch: fakeFetch(jsonResponse({ message: 'Expired JWT' }, { status: 401 })).fetch,
      getToken: () => token,
      getSwitchUser: () => null,
      handlers: createSessionHandlers({ ...deps, clearSession }),
    });
    // Two calls failing together: the second finds the session already cleared and stays quiet.
    const errors = await Promise.all(
      [api.call(getCurrentUser, {}), api.call(getCurrentUser, {})].map(rejectionOf),
    );
    expect(errors.every((error) => error instanceof HttpError)).toBe(true);
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(effects.filter((effect) => effect === 'navigate /login')).toHaveLength(1);
  });
});
