import { HttpError } from '../../../api/errors';

/**
 * A refusal of the server on one path (`details` of a VALIDATION_FAILED answer): its English
 * message, the rule broken (a problem's `code`) and the parameters the console's words need.
 */
export interface ServerProblem {
  message: string;
  keyword?: string;
  /** A coded problem of schemas/detail-messages.ts (said by detailMessage). */
  code?: string;
  params?: Record<string, unknown>;
}

/** The field problems of a refused save, by path (the server's `details`). */
export const serverProblemsOf = (error: unknown): Record<string, ServerProblem> =>
  error instanceof HttpError && typeof error.body === 'object' && error.body && 'details' in error.body
    ? Object.fromEntries(
        ((error.body as { details: (ServerProblem & { path: string })[] }).details ?? []).map(
          ({ path, message, keyword, code, params }) => [path, { message, keyword, code, params }],
        ),
      )
    : {};

/** The problems under `part` (`vision`, `ocrData`…), by path within it (the part alone: `''`). */
export const partOf = <P>(part: string, problems: Record<string, P>): Record<string, P> =>
  Object.fromEntries(
    Object.entries(problems)
      .filter(([path]) => path === part || path.startsWith(`${part}.`))
      .map(([path, p]) => [path.slice(part.length + 1), p]),
  );

/** The value at a dotted path (`fields.2.pattern`; `''`: the whole). */
const at = (value: unknown, path: string): unknown =>
  path
    .split('.')
    .filter(Boolean)
    .reduce<unknown>(
      (v, step) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[step] : undefined),
      value,
    );

/**
 * The refusals that still hold: those whose value is unchanged since the server refused `refused`.
 * An edit, or a removed item moving the others up, leaves a refusal behind.
 */
export const stillRefused = <P>(problems: Record<string, P>, refused: unknown, value: unknown) =>
  Object.entries(problems).filter(
    ([path]) => JSON.stringify(at(refused, path)) === JSON.stringify(at(value, path)),
  );

/** What a module's own settings form takes (the OCR data extraction's, the post-processing's). */
export interface ModuleSettingsProps<S> {
  value: S;
  onChange: (value: S) => void;
  /** The environment's category names the settings may name; undefined while they load. */
  categories: string[] | undefined;
  serverProblems: Record<string, ServerProblem>;
  /** The settings the server refused: a problem shows while the value at its path is unchanged. */
  refusedValue?: S;
}
