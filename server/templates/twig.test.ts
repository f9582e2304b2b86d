import { describe, expect, it } from 'vitest';
import { MAX_EXPRESSION_DEPTH } from './expressions';
import { MAX_TAG_NESTING } from './parser';
import { templateProblems } from './problems';
import { renderTemplate, TemplateError } from './twig';

const render = (source: string, context: Record<string, unknown> = {}, others: Record<string, string> = {}) =>
  renderTemplate('main', { main: source, ...others }, context);

const errorOf = (fn: () => unknown): TemplateError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof TemplateError) return err;
    throw err;
  }
  throw new Error('no error');
};

describe('the Twig of reply templates', () => {
  it('prints values with filters, and escapes HTML unless told otherwise', () => {
    expect(render('Bonjour {{ client.name|upper }} !', { client: { name: 'Ada' } })).toBe('Bonjour ADA !');
    expect(render('{{ text }}', { text: '<b>&</b>' })).toBe('&lt;b&gt;&amp;&lt;/b&gt;');
    expect(render('{{ text|raw }}', { text: '<b>x</b>' })).toBe('<b>x</b>');
    expect(render('{{ text|e|raw }}', { text: '<i>' })).toBe('&lt;i&gt;');
    expect(render('{{ missing }}|{{ missing|default("none") }}')).toBe('|none');
    expect(render("{{ items|join(', ') }} ({{ items|length }})", { items: ['a', 'b'] })).toBe('a, b (2)');
    expect(render('{{ 1200.5|number_format(2, ",", " ") }}')).toBe('1 200,50');
    expect(render('{{ d|date("d/m/Y H:i") }}', { d: '2026-03-04T05:06:00Z' })).toBe('04/03/2026 05:06');
    expect(render('{{ "a\nb"|nl2br }}')).toBe('a<br />\nb');
    expect(render('{{ "x" ~ 1 + 2 }} {{ 7 % 3 }} {{ n > 2 ? "big" : "small" }}', { n: 3 })).toBe('x3 1 big');
    expect(render('{{ name ?? "anonymous" }}')).toBe('anonymous');
  });

  it('runs if / elseif / else, for with loop and else, and set', () => {
    const source = [
      '{% for c in categories %}{{ loop.index }}.{{ c }}{% if not loop.last %}, {% endif %}',
      '{%- else %}none{% endfor %}',
    ].join('');
    expect(render(source, { categories: ['claim', 'quote'] })).toBe('1.claim, 2.quote');
    expect(render(source, { categories: [] })).toBe('none');
    const branch = '{% if n == 1 %}one{% elseif n in [2, 3] %}few{% else %}many{% endif %}';
    expect([1, 2, 3, 9].map((n) => render(branch, { n }))).toEqual(['one', 'few', 'few', 'many']);
    expect(render('{% for k, v in h %}{{ k }}={{ v }};{% endfor %}', { h: { a: 1, b: 2 } })).toBe('a=1;b=2;');
    expect(render('{% set total = 2 * 3 %}{{ total }}')).toBe('6');
    // A variable set before a loop is updated by the loop; one first set inside stays inside.
    expect(
      render(
        '{% set total = 0 %}{% for n in [1, 2, 3] %}{% set total = total + n %}{% set x = n %}{% endfor %}{{ total }}/{{ x }}',
      ),
    ).toBe('6/');
    expect(render('{% for i in 1..3 %}{{ i }}{% endfor %}')).toBe('123');
    expect(
      render('{% if x is defined %}d{% endif %}{% if y is not empty %}e{% endif %}', { x: 0, y: [1] }),
    ).toBe('de');
  });

  it('controls whitespace and skips comments', () => {
    expect(render('a  {{- "b" -}}  c {# a note #}d')).toBe('abc d');
    expect(render('<p>\n  {%- if true %}\n  yes\n  {%- endif %}\n</p>')).toBe('<p>\n  yes\n</p>');
  });

  it('includes other templates, with their variables or only the given ones', () => {
    const others = { signature: '-- {{ agent|default("The team") }}' };
    expect(render("Thanks.\n{% include 'signature' %}", { agent: 'Léa' }, others)).toBe('Thanks.\n-- Léa');
    expect(render("{% include 'signature' with {agent: 'Max'} only %}", { agent: 'Léa' }, others)).toBe(
      '-- Max',
    );
    expect(render("{% include 'signature' only %}", { agent: 'Léa' }, others)).toBe('-- The team');
    // What an included template sets stays its own.
    expect(render("{% set n = 1 %}{% include 'bump' %}{{ n }}", {}, { bump: '{% set n = 2 %}{{ n }}' })).toBe(
      '21',
    );
  });

  it('says what is wrong and on which line', () => {
    expect(errorOf(() => render('Hello\n{% if x %}\nno end')).message).toBe(
      "Template 'main', line 2: The 'if' tag is never closed (endif)",
    );
    expect(errorOf(() => render('a\n\n{{ x|shout }}')).message).toBe(
      "Template 'main', line 3: Unknown filter 'shout'",
    );
    expect(errorOf(() => render('{% while %}')).detail).toBe("Unknown tag 'while'");
    expect(errorOf(() => render('{{ x ')).detail).toBe('The tag is not closed (}})');
    expect(errorOf(() => render('{% endif %}')).detail).toBe("'endif' without its opening tag");
    expect(errorOf(() => render('{{ "abc }}')).detail).toBe('A string is not closed');
    expect(errorOf(() => render('{% include name %}')).detail).toMatch(/names its template in quotes/);
    expect(errorOf(() => render("{% include 'nope' %}")).detail).toBe("The template 'nope' does not exist");
  });

  it('reaches nothing but the data it is given', () => {
    expect(
      render('{{ x.constructor }}{{ x.__proto__ }}{{ s.length }}{{ a.push }}', { x: {}, s: 'abc', a: [] }),
    ).toBe('');
    expect(errorOf(() => render("{{ ''.constructor.constructor('return process')() }}")).detail).toMatch(
      /methods cannot be called/,
    );
    expect(errorOf(() => render('{{ range(1, 3) }}')).detail).toMatch(/functions are not available/);
    expect(errorOf(() => render('{{ x.toString() }}', { x: 1 })).detail).toMatch(/methods cannot be called/);
  });

  it("takes filters from its own table only, never from JavaScript's objects (docs/security.md, 'A hostile input fails its own analysis')", () => {
    for (const name of [
      'constructor',
      'toString',
      '__proto__',
      'hasOwnProperty',
      'valueOf',
      '__defineGetter__',
    ])
      expect(errorOf(() => render(`{{ x|${name} }}`, { x: {} })).detail).toBe(`Unknown filter '${name}'`);
    // Nor do fields reach a prototype, by name or by key, on data, lists, text or a literal hash.
    expect(
      render(
        "{{ x['constructor'] }}{{ x['__proto__'] }}{{ a['constructor'] }}{{ s['constructor'] }}" +
          "{{ {a: 1}.constructor }}{{ {a: 1}['__proto__'] }}{{ x.hasOwnProperty }}{{ x['toString'] }}",
        { x: { a: 1 }, a: [1], s: 'abc' },
      ),
    ).toBe('');
    // Data that has such keys of its own reads them as data.
    expect(
      render("{{ x['__proto__'] }}{{ x.constructor }}", {
        x: JSON.parse('{"__proto__": 1, "constructor": 2}'),
      }),
    ).toBe('12');
  });

  it('stops a template that doubles a text or a list until it would not fit in memory', () => {
    const doubling = (op: string) => `{% set s = ['x'] %}{% for i in 1..64 %}{% set s = ${op} %}{% endfor %}`;
    expect(errorOf(() => render(doubling('s ~ s'))).detail).toMatch(
      /The text would be longer than 1,000,000/,
    );
    expect(errorOf(() => render(doubling('s|merge(s)'))).detail).toMatch(
      /A list would be longer than 100,000 items/,
    );
    expect(errorOf(() => render(doubling("s|replace({'x': 'xx'})"))).detail).toMatch(
      /The text would be longer/,
    );
  });

  it('stops a template that does too much work or writes too much', () => {
    expect(
      errorOf(() => render('{% for i in 1..1000 %}{% for j in 1..1000 %}.{% endfor %}{% endfor %}')).detail,
    ).toMatch(/too much work/);
    expect(
      errorOf(() => render('{% for i in 1..90000 %}{{ big }}{% endfor %}', { big: 'x'.repeat(100) })).detail,
    ).toMatch(/longer than/);
  });
});

describe('nesting bounds', () => {
  const nestedIfs = (n: number) => `${'{% if a %}'.repeat(n)}x${'{% endif %}'.repeat(n)}`;
  const parens = (n: number) => `{{ ${'('.repeat(n)}a${')'.repeat(n)} }}`;
  const filters = (n: number) => `{{ a${'|e'.repeat(n)} }}`;

  it('renders up to the limits', () => {
    expect(render(nestedIfs(MAX_TAG_NESTING), { a: true })).toBe('x');
    expect(render(parens(MAX_EXPRESSION_DEPTH - 1), { a: 'y' })).toBe('y');
    expect(render(filters(MAX_EXPRESSION_DEPTH - 1), { a: '<' })).toBe('&lt;');
    expect(render(`{{ a${' ~ a'.repeat(MAX_EXPRESSION_DEPTH - 1)} }}`, { a: 'z' })).toBe(
      'z'.repeat(MAX_EXPRESSION_DEPTH),
    );
  });

  it('refuses deeper templates with a TemplateError naming the limit, never a stack overflow', () => {
    const cases: [string, RegExp][] = [
      [nestedIfs(MAX_TAG_NESTING + 1), /Tags are nested more than 64 deep/],
      [nestedIfs(5_000), /Tags are nested more than 64 deep/],
      [`${'{% for x in a %}'.repeat(5_000)}${'{% endfor %}'.repeat(5_000)}`, /Tags are nested/],
      [parens(49_000), /Expressions are nested more than 100 deep/],
      [`{{ ${'['.repeat(49_000)}${']'.repeat(49_000)} }}`, /Expressions are nested/],
      [`{{ ${'not '.repeat(49_000)}a }}`, /Expressions are nested/],
      [`{{ ${'a ? b : '.repeat(49_000)}c }}`, /Expressions are nested/],
      [filters(24_000), /chains more than 100 filters, attributes or operators/],
      [`{{ a${'.b'.repeat(24_000)} }}`, /chains more than 100/],
      [`{{ a${'[0]'.repeat(24_000)} }}`, /chains more than 100/],
      [`{{ a${' ~ a'.repeat(24_000)} }}`, /chains more than 100/],
      [`{{ a${' is defined'.repeat(24_000)} }}`, /chains more than 100/],
    ];
    for (const [source, message] of cases) {
      const error = errorOf(() => render(source, { a: [] }));
      expect(error.message).toMatch(message);
      expect(templateProblems({ main: source }, 'body').main[0].message).toMatch(message);
    }
  });
});

describe('templateProblems', () => {
  it('finds syntax errors, unknown includes, and templates including themselves directly or not', () => {
    const found = templateProblems(
      {
        ok: 'Hello {{ name }}',
        broken: '{% for x in xs %}',
        self: "{% include 'self' %}",
        a: "x\n{% include 'b' %}",
        b: "{% include 'c' %}",
        c: "{% include 'a' %}",
        lost: "{% include 'ghost' %}",
        shout: 'Hello\n{{ name|shout }}',
        proto: '{{ name|constructor }}',
      },
      'body',
    );
    const messages = Object.fromEntries(
      Object.entries(found).map(([name, list]) => [name, list.map((p) => p.message)]),
    );
    expect(messages).toEqual({
      broken: ["Line 1: The 'for' tag is never closed (endfor)"],
      self: ['Line 1: the template cannot include itself'],
      a: ['Templates cannot include themselves, directly or through another template: a → b → c → a'],
      b: ['Templates cannot include themselves, directly or through another template: b → c → a → b'],
      c: ['Templates cannot include themselves, directly or through another template: c → a → b → c'],
      lost: ["Line 1: the included template 'ghost' does not exist"],
      shout: ["Line 2: the filter 'shout' does not exist"],
      proto: ["Line 1: the filter 'constructor' does not exist"],
    });
    // Said by code, the engine's own sentence only as a detail
    // (docs/decisions/console-failures-by-code.md).
    expect(found.broken[0]).toMatchObject({
      path: 'body',
      code: 'templateSyntax',
      params: { line: 1, detail: "The 'for' tag is never closed (endfor)" },
    });
    expect(found.shout[0]).toMatchObject({
      path: 'body',
      code: 'templateFilterUnknown',
      params: { line: 2, name: 'shout' },
    });
    expect(found.lost[0]).toMatchObject({
      code: 'templateIncludeUnknown',
      params: { line: 1, name: 'ghost' },
    });
  });
});
