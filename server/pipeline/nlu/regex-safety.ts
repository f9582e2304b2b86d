// Configurators write the regular expressions archetypes scan texts with. V8 runs a match to completion
// once started, so an expression that backtracks catastrophically would stall the worker on one text:
// it has to be refused before it ever runs, at save time and again when compiling.
// This holds the refusal (its length, flags and syntax checked here, its shape in
// regex-backtracking.ts) and the compiled expression of one accepted.
import { RegExpParser, visitRegExpAST, type AST } from '@eslint-community/regexpp';
import { analyse, type Context, type Problem } from './regex-backtracking';
import { codedProblem, type CodedDetail } from '../../../schemas/detail-messages';

const MAX_SOURCE_LENGTH = 1_000;

// regexpp and V8 both prefix the reason with the whole expression, which the message already quotes.
const reasonOf = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith('Invalid regular expression: /')
    ? message.slice(message.lastIndexOf(': ') + 2)
    : message;
};

const flagProblem = (flags: string): Problem | null => {
  for (const [i, flag] of [...flags].entries()) {
    if (flag === 'g' || flag === 'y') return { code: 'regexFlagScan', params: { flag } };
    if (!'iusm'.includes(flag)) return { code: 'regexFlagUnknown', params: { flag } };
    if (flags.indexOf(flag) !== i) return { code: 'regexFlagTwice', params: { flag } };
  }
  return null;
};

const shown = (source: string): string => (source.length > 80 ? `${source.slice(0, 60)}…` : source);
/** The refusal of `source`: its problem, with the expression it names (shortened past 80 characters). */
const refused = (source: string, { code, params }: Problem): CodedDetail => ({
  code,
  params: { source: shown(source), ...params },
});

/**
 * Why a configurator's regular expression cannot be used, by code (schemas/detail-messages.ts
 * `regex*`): invalid, or at risk of catastrophic backtracking. The parser's own words stay a detail.
 *
 * @returns null when the expression is acceptable.
 * @example
 * regexRefusal('(a+)+$'); // { code: 'regexNestedRepeated', params: { source: '(a+)+$', quantifier: '+', inner: 'a+' } }
 */
export const regexRefusal = (source: string, flags = ''): CodedDetail | null => {
  if (source.length === 0) return { code: 'regexEmpty' };
  if (source.length > MAX_SOURCE_LENGTH) {
    const length = source.length.toLocaleString('en-US');
    return refused(source, { code: 'regexTooLong', params: { length } });
  }
  const flagIssue = flagProblem(flags);
  if (flagIssue) return refused(source, flagIssue);
  let pattern: AST.Pattern;
  try {
    pattern = new RegExpParser().parsePattern(source, 0, source.length, { unicode: flags.includes('u') });
  } catch (error) {
    return refused(source, { code: 'regexInvalid', params: { detail: reasonOf(error) } });
  }
  try {
    // regexpp follows the latest standard; this Node may not support all of it (e.g. modifiers).
    new RegExp(source, flags);
  } catch (error) {
    return refused(source, { code: 'regexEngine', params: { detail: reasonOf(error) } });
  }
  const ctx: Context = {
    ignoreCase: flags.includes('i'),
    dotAll: flags.includes('s'),
    problem: null,
    summaries: new Map(),
  };
  // Inline modifiers such as `(?i:…)` are applied to the whole pattern: stricter, never laxer.
  visitRegExpAST(pattern, {
    onModifiersEnter: (m) => {
      ctx.ignoreCase ||= m.add.ignoreCase;
      ctx.dotAll ||= m.add.dotAll;
    },
  });
  const summary = analyse(pattern, ctx);
  if (ctx.problem) return refused(source, ctx.problem);
  if (summary.minLength === 0) return refused(source, { code: 'regexMatchesEmpty' });
  return null;
};

/**
 * Why a configurator's regular expression cannot be used, as the English sentence API clients read.
 *
 * @returns null when the expression is acceptable; else a sentence naming the problem.
 * @example
 * regexProblem('\\bACC[-/ ]?\\d{4,8}\\b', 'i'); // null
 * regexProblem('(a+)+$'); // "'(a+)+$' is refused: the quantifier '+' repeats a group that is itself repeated ('a+'), …"
 */
export const regexProblem = (source: string, flags = ''): string | null => {
  const refusal = regexRefusal(source, flags);
  return refusal && codedProblem('', refusal).message;
};

/**
 * Compiles an accepted expression for scanning (flags + 'g').
 *
 * @throws Error whose message is regexProblem's when the expression is refused.
 * @example
 * const re = compileSafeRegex('\\border\\s*(?:no\\.?|number|#)\\s*[:#]?\\s*\\d{4,12}\\b', 'i');
 * [...'Order no. 123456'.matchAll(re)].length; // 1
 */
export const compileSafeRegex = (source: string, flags = ''): RegExp => {
  const problem = regexProblem(source, flags);
  if (problem !== null) throw new Error(problem);
  return new RegExp(source, `${flags}g`);
};
