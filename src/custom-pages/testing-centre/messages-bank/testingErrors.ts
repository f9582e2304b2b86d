import type { TranslateFunction } from 'react-admin';
import { errorMessage, HttpError } from '../../../api';

/**
 * A refusal of the testing centre's routes in the user's language: its stable code and parameters
 * (`app.testing.errors.<CODE>`), else the server's own words.
 */
export const testingErrorMessage = (error: unknown, translate: TranslateFunction): string => {
  const fallback = errorMessage(error);
  if (!(error instanceof HttpError) || typeof error.body !== 'object' || error.body === null) return fallback;
  const { code, params, details } = error.body as { code?: unknown; params?: unknown; details?: unknown };
  if (typeof code !== 'string') return fallback;
  // A refused tag is a validation failure of the `tags` field, with the tag as its parameter.
  const tagRefused =
    code === 'VALIDATION_FAILED' && Array.isArray(details) && details.some((d) => d?.path === 'tags');
  return translate(`app.testing.errors.${tagRefused ? 'TAG_INVALID' : code}`, {
    ...(typeof params === 'object' && params !== null ? params : {}),
    _: fallback,
  });
};
