// The template parser: the tags (`if`, `for`, `set`, `include`), their nesting and what they hold;
// expressions are parsed in expressions.ts, over the tokens of token-cursor.ts.
import type { Expr, Node } from './ast';
import { expressionParser } from './expressions';
import { describeToken as describe, TemplateError, tokenize } from './lexer';
import { tokenCursor } from './token-cursor';

export type { Expr, Node } from './ast';

/**
 * How deep `if` and `for` tags may nest in one template. Parsing and rendering recurse once per
 * level, so the bound keeps both far from the stack's limit (5,000 nested `if` overflowed it;
 * docs/decisions/security-template-nesting.md).
 */
export const MAX_TAG_NESTING = 64;

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
  const includes: ParsedTemplate['includes'] = [];
  /** Tags open around the current position. */
  let tagNesting = 0;
  const cursor = tokenCursor(tokens);
  const { peek, next, isPunct, isName, expectPunct, expectName, expectClose } = cursor;
  const expression = expressionParser(cursor);

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
