// The template's expressions: operators and their binding strength, the tests, and the parser of
// one expression with the bound on how deep it nests.
import type { Expr } from './ast';
import { filterNamed } from './filters';
import { describeToken as describe, TemplateError, UnknownFilterError } from './lexer';
import type { TokenCursor } from './token-cursor';

/** Binding strength of the binary operators (Twig 3.15 and later: `~` below `+` and `-`). */
const BINARY: Record<string, number> = {
  '??': 5,
  or: 10,
  and: 15,
  '==': 20,
  '!=': 20,
  '<': 20,
  '>': 20,
  '<=': 20,
  '>=': 20,
  in: 20,
  'not in': 20,
  '~': 27,
  '..': 25,
  '+': 30,
  '-': 30,
  '*': 60,
  '/': 60,
  '%': 60,
};
const TEST_STRENGTH = 100;

/**
 * How deep an expression may nest: parentheses, brackets, `not` and `?:` one in another, and
 * chains of filters, attributes and operators (`a|e|e…`, `a.b.c…`, `a ~ b ~ c…`), each link a
 * level of the tree that rendering walks recursively (24,000 chained filters saved, then failed
 * every render with a stack overflow).
 */
export const MAX_EXPRESSION_DEPTH = 100;
/** The tests an expression may name after `is`. */
export const TESTS = new Set(['defined', 'empty', 'null', 'none', 'iterable', 'even', 'odd']);

/**
 * The parser of expressions at `cursor`: `expression()` reads one, from the cursor's token to the
 * first that cannot continue it, and leaves the cursor there.
 *
 * @example
 *   const expression = expressionParser(tokenCursor(tokens));
 *   expression(); // { type: 'binary', op: '+', … }
 */
export const expressionParser = (cursor: TokenCursor): (() => Expr) => {
  const { peek, peekAfter, next, isPunct, isName, expectPunct, expectName } = cursor;
  /** Sub-expressions being parsed one in another. */
  let expressionNesting = 0;
  /** The depth of every expression built (a literal or a name is 1): what rendering will recurse. */
  const depths = new WeakMap<Expr, number>();
  const built = <E extends Expr>(e: E, line: number, parts: readonly Expr[]): E => {
    let deepest = 0;
    for (const part of parts) deepest = Math.max(deepest, depths.get(part) ?? 1);
    if (deepest + 1 > MAX_EXPRESSION_DEPTH)
      throw new TemplateError(
        line,
        `An expression chains more than ${MAX_EXPRESSION_DEPTH} filters, attributes or operators`,
      );
    depths.set(e, deepest + 1);
    return e;
  };

  const binaryOp = (): string | undefined => {
    const t = peek();
    if (t.kind === 'punct' && t.value in BINARY) return t.value;
    if (t.kind !== 'name') return undefined;
    if (t.value === 'not' && isName('in', peekAfter())) return 'not in';
    return ['or', 'and', 'in'].includes(t.value) ? t.value : undefined;
  };

  const expression = (): Expr => {
    const cond = binary(0);
    if (!isPunct('?')) return cond;
    const { line } = next();
    const then = nested(expression);
    expectPunct(':');
    const otherwise = nested(expression);
    return built({ type: 'cond', cond, then, otherwise }, line, [cond, then, otherwise]);
  };

  /** A sub-expression parsed inside another: every recursion of the parser passes here. */
  const nested = <T>(parse: () => T): T => {
    if (expressionNesting >= MAX_EXPRESSION_DEPTH)
      throw new TemplateError(peek().line, `Expressions are nested more than ${MAX_EXPRESSION_DEPTH} deep`);
    expressionNesting += 1;
    try {
      return parse();
    } finally {
      expressionNesting -= 1;
    }
  };

  const binary = (min: number): Expr => nested(() => binaryChain(min));

  const binaryChain = (min: number): Expr => {
    let left = unary();
    for (;;) {
      const t = peek();
      if (isName('is') && TEST_STRENGTH >= min) {
        next();
        const negated = isName('not') ? (next(), true) : false;
        const test = expectName('a test (defined, empty, null…)');
        if (!TESTS.has(test)) throw new TemplateError(t.line, `Unknown test '${test}'`);
        left = built({ type: 'test', expr: left, test, negated, line: t.line }, t.line, [left]);
        continue;
      }
      const op = binaryOp();
      if (!op || BINARY[op] < min) return left;
      next();
      if (op === 'not in') next();
      const right = binary(BINARY[op] + 1);
      left = built({ type: 'binary', op, left, right, line: t.line }, t.line, [left, right]);
    }
  };

  const unary = (): Expr => {
    if (isName('not')) {
      const { line } = next();
      const expr = binary(50);
      return built({ type: 'unary', op: 'not', expr }, line, [expr]);
    }
    if (isPunct('-')) {
      const { line } = next();
      const expr = postfix(primary());
      return built({ type: 'unary', op: '-', expr }, line, [expr]);
    }
    return postfix(primary());
  };

  const primary = (): Expr => {
    const t = next();
    switch (t.kind) {
      case 'number':
      case 'string':
        return { type: 'literal', value: t.value };
      case 'name':
        if (t.value === 'true' || t.value === 'false') return { type: 'literal', value: t.value === 'true' };
        if (t.value === 'null' || t.value === 'none') return { type: 'literal', value: null };
        if (isPunct('('))
          throw new TemplateError(t.line, `'${t.value}(…)': functions are not available, only filters`);
        return { type: 'name', name: t.value, line: t.line };
      case 'punct':
        if (t.value === '(') {
          const inner = expression();
          expectPunct(')');
          return inner;
        }
        if (t.value === '[') {
          const items = list(']', expression);
          return built({ type: 'array', items }, t.line, items);
        }
        if (t.value === '{') {
          const entries = list('}', () => {
            const k = next();
            const key: Expr =
              k.kind === 'name' || k.kind === 'string' || k.kind === 'number'
                ? { type: 'literal', value: k.value }
                : isPunct('(', k)
                  ? (() => {
                      const e = expression();
                      expectPunct(')');
                      return e;
                    })()
                  : (() => {
                      throw new TemplateError(k.line, `Expected a key but found ${describe(k)}`);
                    })();
            expectPunct(':');
            return [key, expression()] as [Expr, Expr];
          });
          return built({ type: 'hash', entries }, t.line, entries.flat());
        }
    }
    throw new TemplateError(t.line, `Expected a value but found ${describe(t)}`);
  };

  const list = <T>(closer: string, item: () => T): T[] => {
    const items: T[] = [];
    while (!isPunct(closer)) {
      items.push(item());
      if (!isPunct(closer)) expectPunct(',');
    }
    next();
    return items;
  };

  const postfix = (start: Expr): Expr => {
    let e = start;
    for (;;) {
      const t = peek();
      if (isPunct('.')) {
        next();
        const key = next();
        if (key.kind !== 'name' && key.kind !== 'number')
          throw new TemplateError(key.line, `Expected a field name after '.' but found ${describe(key)}`);
        if (isPunct('(')) throw new TemplateError(key.line, `'${key.value}(…)': methods cannot be called`);
        e = built(
          { type: 'attr', object: e, key: { type: 'literal', value: String(key.value) }, line: t.line },
          t.line,
          [e],
        );
      } else if (isPunct('[')) {
        next();
        const key = expression();
        expectPunct(']');
        e = built({ type: 'attr', object: e, key, line: t.line }, t.line, [e, key]);
      } else if (isPunct('|')) {
        next();
        const name = expectName('a filter name');
        if (!filterNamed(name)) throw new UnknownFilterError(t.line, name);
        const args = isPunct('(') ? (next(), list(')', expression)) : [];
        e = built({ type: 'filter', name, input: e, args, line: t.line }, t.line, [e, ...args]);
      } else return e;
    }
  };

  return expression;
};
