import type { Expr, Node } from './ast';
import { filterNamed } from './filters';
import { describeToken as describe, TemplateError, tokenize, UnknownFilterError, type Token } from './lexer';

export type { Expr, Node } from './ast';

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
 * How deep `if` and `for` tags may nest in one template. Parsing and rendering recurse once per
 * level, so the bound keeps both far from the stack's limit (5,000 nested `if` overflowed it;
 * docs/decisions/security-template-nesting.md).
 */
export const MAX_TAG_NESTING = 64;
/**
 * How deep an expression may nest: parentheses, brackets, `not` and `?:` one in another, and
 * chains of filters, attributes and operators (`a|e|e…`, `a.b.c…`, `a ~ b ~ c…`), each link a
 * level of the tree that rendering walks recursively (24,000 chained filters saved, then failed
 * every render with a stack overflow).
 */
export const MAX_EXPRESSION_DEPTH = 100;
export const TESTS = new Set(['defined', 'empty', 'null', 'none', 'iterable', 'even', 'odd']);

/** A parsed template: its nodes, and the templates it includes, by name. */
export interface ParsedTemplate {
  nodes: Node[];
  includes: { name: string; line: number }[];
}

/**
 * Parses a template of the Twig subset (twig.ts) into nodes; the first problem found stops it,
 * with its line.
 *
 * @example
 * parseTemplate("{% if name %}Hello {{ name }}{% endif %}").nodes[0].type // 'if'
 */
export const parseTemplate = (source: string): ParsedTemplate => {
  const tokens = tokenize(source);
  let i = 0;
  const includes: ParsedTemplate['includes'] = [];
  /** Tags open around the current position, and sub-expressions being parsed one in another. */
  let tagNesting = 0;
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

  const binaryOp = (): string | undefined => {
    const t = peek();
    if (t.kind === 'punct' && t.value in BINARY) return t.value;
    if (t.kind !== 'name') return undefined;
    if (t.value === 'not' && isName('in', tokens[i + 1])) return 'not in';
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

  /** Nodes until one of the `ends` block tags, which is left for the caller. */
  const body = (ends: string[], opened?: { tag: string; line: number }): { nodes: Node[]; end: string } => {
    if (!opened) return bodyNodes(ends);
    if (tagNesting >= MAX_TAG_NESTING)
      throw new TemplateError(opened.line, `Tags are nested more than ${MAX_TAG_NESTING} deep`);
    tagNesting += 1;
    try {
      return bodyNodes(ends, opened);
    } finally {
      tagNesting -= 1;
    }
  };

  const bodyNodes = (
    ends: string[],
    opened?: { tag: string; line: number },
  ): { nodes: Node[]; end: string } => {
    const nodes: Node[] = [];
    for (;;) {
      const t = next();
      if (t.kind === 'end') {
        if (opened)
          throw new TemplateError(opened.line, `The '${opened.tag}' tag is never closed (end${opened.tag})`);
        return { nodes, end: '' };
      }
      if (t.kind === 'text') nodes.push({ type: 'text', value: t.value, line: t.line });
      else if (t.kind === 'open' && t.tag === 'print') {
        nodes.push({ type: 'print', expr: expression(), line: t.line });
        expectClose();
      } else if (t.kind === 'open') {
        const tag = expectName('a tag name');
        if (ends.includes(tag)) return { nodes, end: tag };
        nodes.push(block(tag, t.line));
      }
    }
  };

  const block = (tag: string, line: number): Node => {
    switch (tag) {
      case 'if': {
        const branches: { cond: Expr; body: Node[] }[] = [];
        let cond = expression();
        for (;;) {
          expectClose();
          const part = body(['elseif', 'else', 'endif'], { tag: 'if', line });
          branches.push({ cond, body: part.nodes });
          if (part.end === 'elseif') cond = expression();
          else if (part.end === 'else') {
            expectClose();
            const rest = body(['endif'], { tag: 'if', line });
            expectClose();
            return { type: 'if', branches, otherwise: rest.nodes, line };
          } else {
            expectClose();
            return { type: 'if', branches, otherwise: [], line };
          }
        }
      }
      case 'for': {
        let value = expectName('a variable name');
        let key: string | undefined;
        if (isPunct(',')) {
          next();
          key = value;
          value = expectName('a variable name');
        }
        if (!isName('in'))
          throw new TemplateError(peek().line, `Expected 'in' but found ${describe(peek())}`);
        next();
        const iterable = expression();
        expectClose();
        const part = body(['else', 'endfor'], { tag: 'for', line });
        let otherwise: Node[] = [];
        if (part.end === 'else') {
          expectClose();
          otherwise = body(['endfor'], { tag: 'for', line }).nodes;
        }
        expectClose();
        return { type: 'for', key, value, iterable, body: part.nodes, otherwise, line };
      }
      case 'set': {
        const name = expectName('a variable name');
        expectPunct('=');
        const expr = expression();
        expectClose();
        return { type: 'set', name, expr, line };
      }
      case 'include': {
        const t = next();
        if (t.kind !== 'string')
          throw new TemplateError(
            t.line,
            "An include names its template in quotes, e.g. {% include 'signature' %}",
          );
        let withExpr: Expr | undefined;
        if (isName('with')) {
          next();
          withExpr = expression();
        }
        const only = isName('only') ? (next(), true) : false;
        expectClose();
        includes.push({ name: t.value, line: t.line });
        return { type: 'include', template: t.value, with: withExpr, only, line: t.line };
      }
      case 'endif':
      case 'endfor':
      case 'else':
      case 'elseif':
        throw new TemplateError(line, `'${tag}' without its opening tag`);
      default:
        throw new TemplateError(line, `Unknown tag '${tag}'`);
    }
  };

  const { nodes } = body([]);
  return { nodes, includes };
};
