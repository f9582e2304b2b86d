import type { TranslateFunction } from 'react-admin';
import { translateError } from '../../../i18n/errorCodes';

/**
 * A delivery's or an attempt's failure in the user's language, from its code and parameters (a
 * delivery record or an attempt: their fields have the same names); '' when it has none.
 */
export const deliveryError = (translate: TranslateFunction, failure: Readonly<Record<string, unknown>>) => {
  const words = typeof failure.error === 'string' ? failure.error : '';
  if (typeof failure.errorCode !== 'string') return words;
  const params =
    typeof failure.errorParams === 'object' && failure.errorParams !== null ? failure.errorParams : {};
  return translateError(translate, failure.errorCode, params as Record<string, unknown>, words);
};
