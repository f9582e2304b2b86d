/**
 * The kinds of code the console edits (schemas ask with `ui:options.language`): `twigExpression` is
 * one Twig expression without its braces (a post-processing condition).
 */
export const CODE_LANGUAGES = ['twig', 'twigExpression', 'regex', 'json', 'text'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export const isCodeLanguage = (value: unknown): value is CodeLanguage =>
  (CODE_LANGUAGES as readonly unknown[]).includes(value);

/**
 * The line a server's message points at: template errors read "Line 3: …" (server/templates/lexer.ts
 * TemplateError), also inside a longer message ("The condition of the rule 'x' cannot be read:
 * Line 1: …"). Undefined when it names none, or names another template's ("Template 'x', line 3").
 *
 * @example
 * errorLine("Line 2: The 'if' tag is never closed (endif)") // 2
 */
export const errorLine = (message: string): number | undefined => {
  const found = /(?:^|:\s)(?:Line|Ligne) (\d+)\s?:/.exec(message);
  return found ? Number(found[1]) : undefined;
};
