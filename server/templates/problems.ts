import {
  codedProblem,
  fieldProblem,
  type CodedDetail,
  type FieldProblem,
} from '../../schemas/detail-messages';
import { TemplateError, UnknownFilterError } from './lexer';
import { parse, type TemplateSources } from './twig';

/**
 * What is wrong with a set of templates, by template name, as problems of the field `path` said by
 * code (schemas/detail-messages.ts): syntax errors with their line (the engine's sentence as their
 * detail), includes of templates that do not exist, and templates that include themselves, directly
 * or through another template (spec pipeline §5).
 *
 * @example
 * templateProblems({ a: "{% include 'b' %}", b: "{% include 'a' %}" }, 'body')
 * // { a: [{ path: 'body', code: 'templateIncludeCycle', message: '… a → b → a', … }], b: [...] }
 */
export const templateProblems = (sources: TemplateSources, path: string): Record<string, FieldProblem[]> => {
  const problems: Record<string, FieldProblem[]> = {};
  const add = (name: string, problem: FieldProblem) => (problems[name] ??= []).push(problem);
  const includes = new Map<string, { name: string; line: number }[]>();
  for (const [name, source] of Object.entries(sources)) {
    try {
      includes.set(name, parse(source).includes);
    } catch (err) {
      if (!(err instanceof TemplateError)) throw err;
      add(name, codedProblem(path, templateErrorDetail(err)));
    }
  }
  for (const [name, list] of includes) {
    for (const { name: target, line } of list) {
      if (target === name) add(name, fieldProblem(path, 'templateIncludesItself', { line }));
      else if (!Object.hasOwn(sources, target))
        add(name, fieldProblem(path, 'templateIncludeUnknown', { line, name: target }));
    }
    const cycle = cycleFrom(name, includes);
    if (cycle && cycle.length > 2)
      add(name, fieldProblem(path, 'templateIncludeCycle', { cycle: cycle.join(' → ') }));
  }
  return problems;
};

/**
 * A template's parse error by code (schemas/detail-messages.ts): a filter the engine does not have
 * (`templateFilterUnknown`), or any other syntax error (`templateSyntax`, the engine's sentence as
 * its detail); both with their line. Every place a template is saved says them so.
 */
export const templateErrorDetail = (err: TemplateError): CodedDetail =>
  err instanceof UnknownFilterError
    ? { code: 'templateFilterUnknown', params: { line: err.line, name: err.filter } }
    : { code: 'templateSyntax', params: { line: err.line, detail: err.detail } };

/** A path of includes from `start` back to itself, if there is one. */
const cycleFrom = (start: string, includes: Map<string, { name: string }[]>): string[] | undefined => {
  const seen = new Set<string>();
  const walk = (name: string, path: string[]): string[] | undefined => {
    for (const { name: next } of includes.get(name) ?? []) {
      if (next === start) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...path, next]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(start, [start]);
};
