import type { TranslateFunction } from 'react-admin';
import { errorMessage, HttpError } from '../../api';

/**
 * A refusal of the testing centre's routes in the user's language: its stable code and parameters
 * (`app.testing.errors.<CODE>`), else the server's own words.
 */
export const testingErrorMessage = (error: unknown, translate: TranslateFunction): string => {
  const fallback = errorMessage(error);
  if (!(error instanceof HttpError) || typeof error.body !== 'object' || error.body === null) return fallback;
  const { code, params } = error.body as { code?: unknown; params?: unknown };
  if (typeof code !== 'string') return fallback;
  return translate(`app.testing.errors.${code}`, {
    ...(typeof params === 'object' && params !== null ? params : {}),
    _: fallback,
  });
};
