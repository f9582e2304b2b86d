// The parser's cursor over a template's tokens: the token here and the one after it, a step on,
// and the checks that a token is the one expected.
import { describeToken as describe, TemplateError, type Token } from './lexer';

/** Reads a template's tokens one after the other (parser.ts, expressions.ts). */
export interface TokenCursor {
  peek(): Token;
  /** The token after the one `peek` answers. */
  peekAfter(): Token;
  next(): Token;
  isPunct(v: string, t?: Token): boolean;
  isName(v: string, t?: Token): boolean;
  expectPunct(v: string): void;
  expectName(what: string): string;
  expectClose(): void;
}

/**
 * A cursor at the first of `tokens`; the `expect…` steps past the token and throw a TemplateError
 * at its line when it is not the one expected.
 *
 * @example
 *   const cursor = tokenCursor(tokenize('{{ name }}'));
 *   cursor.next().kind; // 'open'
 */
export const tokenCursor = (tokens: Token[]): TokenCursor => {
  let i = 0;
  const peek = () => tokens[i];
  const next = () => tokens[i++];
  const isPunct = (v: string, t: Token = peek()) => t.kind === 'punct' && t.value === v;
  const isName = (v: string, t: Token = peek()) => t.kind === 'name' && t.value === v;
  const expectPunct = (v: string) => {
    const t = next();
    if (!isPunct(v, t)) throw new TemplateError(t.line, `Expected '${v}' but found ${describe(t)}`);
  };
  const expectName = (what: string): string => {
    const t = next();
    if (t.kind !== 'name') throw new TemplateError(t.line, `Expected ${what} but found ${describe(t)}`);
    return t.value;
  };
  const expectClose = () => {
    const t = next();
    if (t.kind !== 'close')
      throw new TemplateError(t.line, `Expected the end of the tag but found ${describe(t)}`);
  };
  return {
    peek,
    peekAfter: () => tokens[i + 1],
    next,
    isPunct,
    isName,
    expectPunct,
    expectName,
    expectClose,
  };
};
