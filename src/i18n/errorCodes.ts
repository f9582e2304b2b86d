import type { TranslateFunction } from 'react-admin';
import { DETAIL_MESSAGES_EN, fillTemplate, isCodedDetail, isDetailCode } from '../../schemas/detail-messages';
import {
  FORBIDDEN_LEVELS,
  FORBIDDEN_REASONS,
  NOT_FOUND_SUBJECTS,
  isErrorCode,
  type ErrorCode,
} from '../../schemas/error-codes';

/**
 * Codes whose words the catalogue already has under another key (the sign-in page's, the testing
 * centre's): said from there rather than copied into `app.errors.codes`.
 */
export const ERROR_TEXT_KEYS: Partial<Record<ErrorCode, string>> = {
  INTERNAL_ERROR: 'app.login.errors.generic',
  CREDENTIALS_INCORRECT: 'app.login.errors.credentialsIncorrect',
  PASSWORD_INCORRECT: 'app.login.errors.passwordIncorrect',
  RESET_LINK_INVALID: 'app.resetPassword.invalidLink',
  EXTRACTION_FAILED: 'app.extractor.test.failed',
  TEST_NOT_FOUND: 'app.testing.errors.TEST_NOT_FOUND',
  TEST_RUNNING: 'app.testing.errors.TEST_RUNNING',
  TEST_TAG_EMPTY: 'app.testing.errors.TEST_TAG_EMPTY',
  TEST_ENVIRONMENT_UNKNOWN: 'app.testing.errors.TEST_ENVIRONMENT_UNKNOWN',
  MESSAGE_NOT_FOUND: 'app.testing.errors.MESSAGE_NOT_FOUND',
  CLASSIFICATION_EXISTS: 'app.testing.errors.CLASSIFICATION_EXISTS',
  ATTACHMENT_LABELS_NEED_BODY: 'app.testing.errors.ATTACHMENT_LABELS_NEED_BODY',
  RENAME_EMPTY_NAME: 'app.testing.errors.RENAME_EMPTY_NAME',
  RENAME_TOO_LONG: 'app.testing.errors.RENAME_TOO_LONG',
  SAMPLING_NO_FILTER: 'app.testing.errors.SAMPLING_NO_FILTER',
  SAMPLING_BAD_ID: 'app.testing.errors.SAMPLING_BAD_ID',
  SAMPLING_TOO_MANY: 'app.testing.errors.SAMPLING_TOO_MANY',
  TAG_NOT_FOUND: 'app.testing.errors.TAG_NOT_FOUND',
  TAG_NOT_OWNER: 'app.testing.errors.TAG_NOT_OWNER',
  IMPACT_ADVANCED_CATEGORISATION: 'app.testing.errors.IMPACT_ADVANCED_CATEGORISATION',
};

/** The key of a code's words: `app.errors.codes.<CODE>` unless ERROR_TEXT_KEYS names another. */
export const errorTextKey = (code: ErrorCode): string => ERROR_TEXT_KEYS[code] ?? `app.errors.codes.${code}`;

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/** A coded problem from an answer's params (`{ code, params?, message? }`). */
const isProblem = (
  value: unknown,
): value is { code: string; params?: Record<string, unknown>; message?: string } =>
  typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';

/**
 * Parameters that are themselves words to translate: the thing not found, a module's type, and the
 * problems a refusal lists by code (NLU_CONFIGURATION's `problems`, said as its `reason`).
 */
const translatedParams = (translate: TranslateFunction, params: Record<string, unknown>) => {
  const values: Record<string, unknown> = { ...params };
  if (Array.isArray(params.problems) && params.problems.every(isProblem)) {
    values.reason = params.problems
      .map((p) => translateDetail(translate, p.code, p.params ?? {}, p.message ?? ''))
      .join('; ');
  }
  if (isOneOf(NOT_FOUND_SUBJECTS, params.what)) {
    values.what = translate(`app.errors.subjects.${params.what}`);
  }
  if (typeof params.module === 'string') values.module = moduleName(translate, params.module);
  return values;
};

/** A module's type said by its name (the type itself when the catalogue lacks it). */
const moduleName = (translate: TranslateFunction, module: string) =>
  translate(`app.modules.types.${module}`, { _: module });

/** Polyglot leaves a %{name} it got no value for: the server's words are better than a hole. */
const filledOr = (text: string, serverWords: string) => (/%\{\w+\}/.test(text) ? serverWords : text);

/** The key for a code and its parameters: FORBIDDEN and NOT_FOUND say more when they can. */
const keyFor = (code: ErrorCode, params: Record<string, unknown>): string => {
  if (code === 'FORBIDDEN' && isOneOf(FORBIDDEN_REASONS, params.reason)) {
    if (params.reason === 'staff' || params.reason === 'orgAdmin')
      return `app.errors.forbidden.${params.reason}`;
    if (isOneOf(FORBIDDEN_LEVELS, params.level))
      return `app.errors.forbidden.${params.reason}.${params.level}`;
  }
  if (code === 'NOT_FOUND' && isOneOf(NOT_FOUND_SUBJECTS, params.what)) return 'app.errors.notFoundSubject';
  return errorTextKey(code);
};

/**
 * A coded server error in the user's language: the code's words with the answer's `params`, or
 * `serverWords` (the answer's English message) for a code the registry does not know or words whose
 * parameters did not all come.
 *
 * @example
 * translateError(translate, 'FORBIDDEN', { reason: 'project', level: 'configurator' }, message);
 * // 'Réservé aux configurateurs du projet'
 */
export const translateError = (
  translate: TranslateFunction,
  code: string,
  params: Record<string, unknown>,
  serverWords: string,
): string => {
  if (!isErrorCode(code)) return serverWords;
  return filledOr(
    translate(keyFor(code, params), { ...translatedParams(translate, params), _: serverWords }),
    serverWords,
  );
};

/**
 * A problem's parameters, those that are a problem themselves (the compiler's or a template's
 * `reason`) said first, in the same language; the others as they are.
 */
export const saidParams = (
  translate: TranslateFunction,
  params: Record<string, unknown>,
): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      isCodedDetail(value)
        ? translateDetail(
            translate,
            value.code,
            value.params ?? {},
            fillTemplate(DETAIL_MESSAGES_EN[value.code], value.params),
          )
        : value,
    ]),
  );

/**
 * A refused save's field problem (`details[]`, schemas/detail-messages.ts) in the user's language:
 * `app.errors.details.<code>` with its params, or `serverWords` for an unknown code or missing params.
 */
export const translateDetail = (
  translate: TranslateFunction,
  code: string,
  params: Record<string, unknown>,
  serverWords: string,
): string => {
  if (!isDetailCode(code)) return serverWords;
  const values = saidParams(translate, params);
  // A module's type is said by its name (moduleTwice, moduleTaintTooEarly), as the error codes' `module`.
  if (typeof params.module === 'string') values.module = moduleName(translate, params.module);
  return filledOr(translate(`app.errors.details.${code}`, { ...values, _: serverWords }), serverWords);
};
