import type { TranslateFunction } from 'react-admin';

/** A delivery's or an attempt's failure in the user's language, from its code and parameters. */
export const deliveryError = (
  translate: TranslateFunction,
  failure: { error: string | null; errorCode: string | null; errorParams: Record<string, unknown> | null },
) =>
  failure.errorCode
    ? translate(`app.errors.codes.${failure.errorCode}`, {
        ...(failure.errorParams ?? {}),
        _: failure.error ?? '',
      })
    : (failure.error ?? '');
