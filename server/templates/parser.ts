import type { Expr, Node } from './ast';
import { describeToken as describe, TemplateError, tokenize, type Token } from './lexer';

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
    next();
    const then = expression();
    expectPunct(':');
    return { type: 'cond', cond, then, otherwise: expression() };
  };

  const binary = (min: number): Expr => {
    let left = unary();
    for (;;) {
      const t = peek();
      if (isName('is') && TEST_STRENGTH >= min) {
        next();
        const negated = isName('not') ? (next(), true) : false;
        const test = expectName('a test (defined, empty, null…)');
        if (!TESTS.has(test)) throw new TemplateError(t.line, `Unknown test '${test}'`);
        left = { type: 'test', expr: left, test, negated, line: t.line };
        continue;
      }
      const op = binaryOp();
      if (!op || BINARY[op] < min) return left;
      next();
      if (op === 'not in') next();
      left = { type: 'binary', op, left, right: binary(BINARY[op] + 1), line: t.line };
    }
  };

  const unary = (): Expr => {
    if (isName('not')) {
      next();
      return { type: 'unary', op: 'not', expr: binary(50) };
    }
    if (isPunct('-')) {
      next();
      return { type: 'unary', op: '-', expr: postfix(primary()) };
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
        if (t.value === '[') return { type: 'array', items: list(']', expression) };
        if (t.value === '{')
          return {
            type: 'hash',
            entries: list('}', () => {
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
            }),
          };
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
        e = { type: 'attr', object: e, key: { type: 'literal', value: String(key.value) }, line: t.line };
      } else if (isPunct('[')) {
        next();
        const key = expression();
        expectPunct(']');
        e = { type: 'attr', object: e, key, line: t.line };
      } else if (isPunct('|')) {
        next();
        const name = expectName('a filter name');
        const args = isPunct('(') ? (next(), list(')', expression)) : [];
        e = { type: 'filter', name, input: e, args, line: t.line };
      } else return e;
    }
  };

  /** Nodes until one of the `ends` block tags, which is left for the caller. */
  const body = (ends: string[], opened?: { tag: string; line: number }): { nodes: Node[]; end: string } => {
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
