import { TemplateError } from './lexer';
import { parse, type TemplateSources } from './twig';

/**
 * What is wrong with a set of templates, by template name: syntax errors with their line, includes
 * of templates that do not exist, and templates that include themselves, directly or through
 * another template (spec pipeline §5).
 *
 * @example
 * templateProblems({ a: "{% include 'b' %}", b: "{% include 'a' %}" })
 * // { a: ["Line 1: … includes itself through b → a"], b: [...] }
 */
export const templateProblems = (sources: TemplateSources): Record<string, string[]> => {
  const problems: Record<string, string[]> = {};
  const includes = new Map<string, { name: string; line: number }[]>();
  for (const [name, source] of Object.entries(sources)) {
    try {
      includes.set(name, parse(source).includes);
    } catch (err) {
      if (!(err instanceof TemplateError)) throw err;
      (problems[name] ??= []).push(err.message);
    }
  }
  for (const [name, list] of includes) {
    for (const { name: target, line } of list) {
      if (target === name) (problems[name] ??= []).push(`Line ${line}: the template cannot include itself`);
      else if (!Object.hasOwn(sources, target))
        (problems[name] ??= []).push(`Line ${line}: the included template '${target}' does not exist`);
    }
    const cycle = cycleFrom(name, includes);
    if (cycle && cycle.length > 2)
      (problems[name] ??= []).push(
        `Templates cannot include themselves, directly or through another template: ${cycle.join(' → ')}`,
      );
  }
  return problems;
};

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
