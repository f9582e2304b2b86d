import { compare, contains, escapeHtml, field, filterNamed, isEmpty, Safe, toText } from './filters';
import { TemplateError, UnknownFilterError } from './lexer';
import { parseTemplate, type Expr, type Node, type ParsedTemplate } from './parser';

export { TemplateError, UnknownFilterError } from './lexer';

/**
 * The Twig of reply templates (spec pipeline §3, DESIGN.md §6): a subset of Twig 3 interpreted
 * here, not twig.js (docs/decisions/replies-own-twig-engine.md). `{{ … }}` with filters, `{% if / elseif / else %}`,
 * `{% for k, v in … %}` with `loop` and `else`, `{% set %}`, `{% include 'name' with {…} only %}`,
 * `{# … #}` and the `-` whitespace control. Autoescape (HTML) is on: `raw` prints as is.
 *
 * A template reads only the data it is given, and of it only own fields: no method calls, no
 * functions, no prototype, no file, network or process. Its work is bounded (steps, output size,
 * include depth), so a template cannot hang or flood the worker.
 */
const MAX_STEPS = 100_000;
const MAX_OUTPUT = 1_000_000;
const MAX_DEPTH = 10;

export type TemplateSources = Record<string, string>;

const parsedCache = new Map<string, ParsedTemplate>();

/** Parses, with the parse of an identical source reused (the worker renders the same ones again). */
export const parse = (source: string): ParsedTemplate => {
  let parsed = parsedCache.get(source);
  if (!parsed) {
    parsed = parseTemplate(source);
    if (parsedCache.size > 500) parsedCache.clear();
    parsedCache.set(source, parsed);
  }
  return parsed;
};

/** An environment of variables: each `for` and include gets its own, reading through to its parent. */
type Scope = Map<string, unknown>;
/** The key of a scope's parent: no template variable can be named so. */
const PARENT = '\u0000parent';

/** A scope and the ones it reads through to, nearest first. */
const chainOf = (scope: Scope): Scope[] => {
  const chain: Scope[] = [];
  for (let s: Scope | undefined = scope; s; s = s.get(PARENT) as Scope | undefined) chain.push(s);
  return chain;
};

/** The scope that defines `name` for `scope`, if any (read at every variable: no allocation). */
const holderOf = (scope: Scope, name: string): Scope | undefined => {
  for (let s: Scope | undefined = scope; s; s = s.get(PARENT) as Scope | undefined) if (s.has(name)) return s;
  return undefined;
};

/** Every variable a scope sees, the nearest definition of each winning. */
const visible = (scope: Scope): Scope => {
  const flat: Scope = new Map();
  for (const s of chainOf(scope).reverse()) for (const [k, v] of s) if (k !== PARENT) flat.set(k, v);
  return flat;
};

/**
 * Renders the template `name` of `sources` with `context` (plain data). Throws TemplateError with
 * the template's name and line.
 *
 * @example
 * renderTemplate('reply', { reply: 'Hello {{ name|upper }}', }, { name: 'ada' }) // 'Hello ADA'
 * // Text that is not HTML (category names): autoescape off.
 * renderTemplate('c', { c: '{{ a }}' }, { a: 'R&D' }, { autoescape: false }) // 'R&D'
 */
export const renderTemplate = (
  name: string,
  sources: TemplateSources,
  context: Record<string, unknown>,
  { autoescape = true }: { autoescape?: boolean } = {},
) => {
  let steps = 0;
  let size = 0;
  const out: string[] = [];
  const emit = (s: string, template: string, line: number) => {
    size += s.length;
    if (size > MAX_OUTPUT)
      throw new TemplateError(
        line,
        `The text would be longer than ${MAX_OUTPUT.toLocaleString('en')} characters`,
        template,
      );
    out.push(s);
  };

  const run = (template: string, scope: Scope, depth: number, line: number) => {
    if (!Object.hasOwn(sources, template))
      throw new TemplateError(
        line,
        `The template '${template}' does not exist`,
        depth ? undefined : template,
      );
    if (depth > MAX_DEPTH)
      throw new TemplateError(line, `Includes are nested more than ${MAX_DEPTH} deep`, template);
    let parsed: ParsedTemplate;
    try {
      parsed = parse(sources[template]);
    } catch (err) {
      if (err instanceof TemplateError) throw new TemplateError(err.line, err.detail, template);
      throw err;
    }

    /** A value a template built: text and lists stay within the limits, however they grew. */
    const bounded = (v: unknown, line: number) => {
      if (typeof v === 'string' && v.length > MAX_OUTPUT)
        throw new TemplateError(
          line,
          `The text would be longer than ${MAX_OUTPUT.toLocaleString('en')} characters`,
          template,
        );
      if (Array.isArray(v) && v.length > MAX_STEPS)
        throw new TemplateError(
          line,
          `A list would be longer than ${MAX_STEPS.toLocaleString('en')} items`,
          template,
        );
      return v;
    };

    const value = (e: Expr, scope: Scope): unknown => {
      switch (e.type) {
        case 'literal':
          return e.value;
        case 'name':
          return holderOf(scope, e.name)?.get(e.name);
        case 'attr':
          return field(value(e.object, scope), value(e.key, scope));
        case 'array':
          return e.items.map((x) => value(x, scope));
        case 'hash': {
          const hash: Record<string, unknown> = Object.create(null);
          for (const [k, v] of e.entries) hash[toText(value(k, scope))] = value(v, scope);
          return { ...hash };
        }
        case 'unary':
          return e.op === 'not' ? !truthy(value(e.expr, scope)) : -Number(value(e.expr, scope));
        case 'cond':
          return truthy(value(e.cond, scope)) ? value(e.then, scope) : value(e.otherwise, scope);
        case 'test': {
          const v = value(e.expr, scope);
          const held =
            e.test === 'defined'
              ? v !== undefined
              : e.test === 'empty'
                ? isEmpty(v)
                : e.test === 'iterable'
                  ? v !== null && typeof v === 'object'
                  : e.test === 'even' || e.test === 'odd'
                    ? Number(v) % 2 === (e.test === 'even' ? 0 : 1)
                    : v === null || v === undefined;
          return e.negated ? !held : held;
        }
        case 'filter': {
          const filter = filterNamed(e.name);
          if (!filter) throw new UnknownFilterError(e.line, e.name, template);
          return bounded(filter(value(e.input, scope), ...e.args.map((a) => value(a, scope))), e.line);
        }
        case 'binary': {
          if (e.op === 'and') return truthy(value(e.left, scope)) && truthy(value(e.right, scope));
          if (e.op === 'or') return truthy(value(e.left, scope)) || truthy(value(e.right, scope));
          const left = value(e.left, scope);
          if (e.op === '??') return left ?? value(e.right, scope);
          const right = value(e.right, scope);
          switch (e.op) {
            case '~':
              return bounded(toText(left) + toText(right), e.line);
            case '+':
              return Number(left) + Number(right);
            case '-':
              return Number(left) - Number(right);
            case '*':
              return Number(left) * Number(right);
            case '/':
              return Number(left) / Number(right);
            case '%':
              return Number(left) % Number(right);
            case 'in':
              return contains(right, left);
            case 'not in':
              return !contains(right, left);
            case '..': {
              const [from, to] = [Number(left), Number(right)];
              if (Math.abs(to - from) > MAX_STEPS)
                throw new TemplateError(e.line, 'The range is too long', template);
              return Array.from({ length: Math.abs(to - from) + 1 }, (_, i) =>
                from <= to ? from + i : from - i,
              );
            }
            default:
              return compare(e.op, left, right);
          }
        }
      }
    };

    const nodes = (list: Node[], scope: Scope) => {
      for (const node of list) {
        if (++steps > MAX_STEPS)
          throw new TemplateError(
            node.line,
            `The template does too much work (more than ${MAX_STEPS.toLocaleString('en')} steps)`,
            template,
          );
        switch (node.type) {
          case 'text':
            emit(node.value, template, node.line);
            break;
          case 'print': {
            const v = value(node.expr, scope);
            emit(v instanceof Safe || !autoescape ? toText(v) : escapeHtml(toText(v)), template, node.line);
            break;
          }
          case 'set':
            // As in Twig: a variable that exists outside the loop is updated there.
            (holderOf(scope, node.name) ?? scope).set(node.name, value(node.expr, scope));
            break;
          case 'if': {
            const taken = node.branches.find((b) => truthy(value(b.cond, scope)));
            nodes(taken ? taken.body : node.otherwise, scope);
            break;
          }
          case 'for': {
            const iterable = value(node.iterable, scope);
            const entries: [unknown, unknown][] = Array.isArray(iterable)
              ? iterable.map((v, i) => [i, v])
              : iterable !== null && typeof iterable === 'object'
                ? Object.entries(iterable)
                : [];
            if (entries.length === 0) nodes(node.otherwise, scope);
            entries.forEach(([k, v], index) => {
              const inner: Scope = new Map([[PARENT, scope]]);
              inner.set(node.value, v);
              if (node.key) inner.set(node.key, k);
              inner.set('loop', {
                index: index + 1,
                index0: index,
                first: index === 0,
                last: index === entries.length - 1,
                length: entries.length,
              });
              nodes(node.body, inner);
            });
            break;
          }
          case 'include': {
            const extra = node.with ? value(node.with, scope) : {};
            // A copy of what the includer sees, as in Twig: what the included template sets stays its own.
            const inner: Scope = node.only ? new Map() : visible(scope);
            if (extra && typeof extra === 'object')
              for (const [k, v] of Object.entries(extra)) inner.set(k, v);
            run(node.template, inner, depth + 1, node.line);
            break;
          }
        }
      }
    };
    nodes(parsed.nodes, scope);
  };

  run(name, new Map(Object.entries(context)), 0, 1);
  return out.join('');
};

const truthy = (v: unknown) => !isEmpty(v) && v !== 0 && v !== '0';
