import { HttpError } from '../api';

/**
 * What can go wrong when signing in, as the login page needs it: which step to show the message on,
 * and which message. The server answers one code for an unknown username and a wrong password
 * (docs/decisions/auth-one-failure-answer.md
 * hardening"); the two older codes are still understood.
 */
export type LoginFailure =
  | 'credentialsIncorrect'
  | 'usernameIncorrect'
  | 'passwordIncorrect'
  | 'tooManyAttempts'
  | 'passwordExpired'
  | 'generic';

export const loginMessageKeys: Record<
  Exclude<LoginFailure, 'tooManyAttempts' | 'passwordExpired'>,
  string
> = {
  credentialsIncorrect: 'app.login.errors.credentialsIncorrect',
  usernameIncorrect: 'app.login.errors.usernameIncorrect',
  passwordIncorrect: 'app.login.errors.passwordIncorrect',
  generic: 'app.login.errors.generic',
};

export class LoginError extends Error {
  override name = 'LoginError';
  readonly reason: LoginFailure;
  /** The server's own text (English), for rate limiting when it gave no `params.minutes`. */
  readonly serverMessage: string | undefined;
  /** Rate limiting: how many minutes to wait (TOO_MANY_ATTEMPTS `params.minutes`). */
  readonly minutes: number | undefined;
  /** For an expired password: the token that opens the reset page. */
  readonly refreshToken: string | undefined;

  constructor(
    reason: LoginFailure,
    details: { serverMessage?: string; refreshToken?: string; minutes?: number } = {},
  ) {
    super(reason);
    this.reason = reason;
    this.serverMessage = details.serverMessage;
    this.minutes = details.minutes;
    this.refreshToken = details.refreshToken;
  }
}

const codeReasons: Record<string, LoginFailure> = {
  CREDENTIALS_INCORRECT: 'credentialsIncorrect',
  USERNAME_INCORRECT: 'usernameIncorrect',
  PASSWORD_INCORRECT: 'passwordIncorrect',
  TOO_MANY_ATTEMPTS: 'tooManyAttempts',
};

/** The fields of the server's error body (DESIGN.md §5) that sign-in cares about; others are ignored. */
const errorFields = (
  body: unknown,
): { message?: string; code?: string; refreshToken?: string; minutes?: number } => {
  if (typeof body !== 'object' || body === null) return {};
  const field = (name: string) => {
    const value: unknown = (body as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : undefined;
  };
  const params = (body as { params?: unknown }).params;
  const minutes =
    typeof params === 'object' && params !== null ? (params as { minutes?: unknown }).minutes : undefined;
  return {
    message: field('message'),
    code: field('code'),
    refreshToken: field('refreshToken'),
    minutes: typeof minutes === 'number' ? minutes : undefined,
  };
};

/** Turns whatever `POST /api/login_check` rejected with into a LoginError. */
export const toLoginError = (err: unknown): LoginError => {
  if (err instanceof LoginError) return err;
  if (!(err instanceof HttpError)) return new LoginError('generic');
  const data = errorFields(err.body);
  if (err.status === 410 && data.refreshToken) {
    return new LoginError('passwordExpired', { refreshToken: data.refreshToken });
  }
  const reason = data.code ? codeReasons[data.code] : undefined;
  if (reason === 'tooManyAttempts' || err.status === 429) {
    return new LoginError('tooManyAttempts', { serverMessage: data.message, minutes: data.minutes });
  }
  if (err.status === 401 && reason) return new LoginError(reason);
  return new LoginError('generic');
};
