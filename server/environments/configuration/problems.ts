// What an import finds wrong in a configuration document: a problem with its path and its code,
// the refusal that lists them, and the codes of a name missing or given twice.
import {
  fillTemplate,
  DETAIL_MESSAGES_EN,
  type DetailCode,
  type NestedDetail,
} from '../../../schemas/detail-messages';
import type { ErrorCode } from '../../../schemas/error-codes';
import { ClientError } from '../../kernel/http/errors';

/** A problem of an imported document, at its path in the document. */
export interface Problem {
  path: string;
  message: string;
  /** A coded problem (schemas/detail-messages.ts): the console says it in the user's language. */
  code?: DetailCode;
  params?: Record<string, string | number | NestedDetail>;
}

/** A problem moved to `path`, its message and its code (when it has one) kept. */
export const coded = (path: string, { message, code, params }: Problem): Problem => ({
  path,
  message,
  ...(code ? { code } : {}),
  ...(params ? { params } : {}),
});

/** Refuses the import with every problem found (the first five in the message). */
export const refuse = (problems: Problem[]): never => {
  throw new ClientError(
    400,
    'INVALID_CONFIGURATION',
    `This configuration cannot be imported: ${problems
      .slice(0, 5)
      .map((p) => `${p.path} ${p.message}`)
      .join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`,
    { details: problems },
  );
};

/** How a problem names a kind of entity it does not hold, by code (the English names the kind). */
export const MISSING_CODES: Record<string, DetailCode> = {
  archetype: 'configArchetypeMissing',
  'interaction-function': 'configFunctionMissing',
  'nlu-context': 'configContextMissing',
  category: 'configCategoryMissing',
};

/** The configuration kinds' unique rules by code: a configSameAs `rule` (their English is the schemas'). */
const UNIQUE_CODES: Partial<Record<ErrorCode, DetailCode>> = {
  ARCHETYPE_EXISTS: 'uniqueArchetype',
  CATEGORY_EXISTS: 'uniqueCategory',
  FIELD_EXISTS: 'uniqueField',
  FUNCTION_EXISTS: 'uniqueFunction',
  INTERACTION_EXISTS: 'uniqueInteraction',
  CONTEXT_EXISTS: 'uniqueContext',
  SERVER_EXISTS: 'uniqueServer',
  TEMPLATE_EXISTS: 'uniqueTemplate',
};

/** A unique rule's detail code, when the registry has its very words (configuration.test.ts: every kind's has). */
export const uniqueRuleCode = (rule: { code: ErrorCode; message: string }): DetailCode | undefined => {
  const code = UNIQUE_CODES[rule.code];
  return code && DETAIL_MESSAGES_EN[code] === rule.message ? code : undefined;
};

/** A name twice in one kind: the kind's rule (by code when the registry has its words), and the entity before. */
export const sameAs = (path: string, rule: { code: ErrorCode; message: string }, entity: number): Problem => {
  const code = uniqueRuleCode(rule);
  if (!code) return { path, message: `${rule.message} (entity ${entity} has the same)` };
  const params = { rule: { code }, entity };
  return {
    path,
    message: fillTemplate(DETAIL_MESSAGES_EN.configSameAs, params),
    code: 'configSameAs',
    params,
  };
};
