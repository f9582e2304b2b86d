import { describe, expect, it } from 'vitest';
import { compileSafeRegex, regexProblem } from './regex-safety';

const r = String.raw;

// Expressions configurators really write for invoices, amounts, IBANs, e-mails, phones, orders, links…
// Accepted on purpose although not all are linear: `\s*(?:…)?\s*[:#]?\s*` slows down on a long blank
// run after the keyword, and the e-mail one on a long text of words without an '@'.
const REALISTIC = [
  r`\b(?:invoice|inv|bill)\s*(?:no\.?|number|#)?\s*[:#]?\s*[A-Z]{0,3}-?\d{5,10}\b`,
  r`\b\d{1,3}(?:[ ,.]\d{3})*(?:[.,]\d{2})?\s?(?:EUR|USD|GBP)\b`,
  r`\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}\b`,
  r`\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,6}\b`,
  r`\+\d{1,3}[ .-]?\(?\d{1,4}\)?(?:[ .-]?\d{2,4}){2,4}\b`,
  r`\border\s*(?:no\.?|number|#)\s*[:#]?\s*\d{4,12}\b`,
  r`https?://[^\s/]+/\S*`,
  r`\bACC[-/ ]?\d{4,8}\b`,
  r`\brelinquish\W+(?:\w+\W+){0,4}neath\b`,
  r`\b(?:urgent|asap|immediately)\b.{0,40}\b(?:reply|respond|call)\b`,
  r`\b(?:re|fwd?|tr)\s*:`,
  r`^\d{5}$`,
  r`[A-Z]{2}-\d{3}-[A-Z]{2}`,
];

// [expression, flags, fragment the message must contain, what the refusal must name for ReDoS cases]
const REFUSED: [string, string, string, string[]][] = [
  ['(a+)+$', '', 'is itself repeated', ["'+'", "'a+'"]],
  ['(a*)*b', '', 'nested repetition', ["'*'", "'a*'"]],
  [r`(\w+\s?)*$`, '', 'contains a repetition', ["'*'", r`'\w+'`]],
  ['(?:a{1,10}){1,10}', '', 'nested repetition', ["'{1,10}'", "'a{1,10}'"]],
  [r`(?:\w+\s?){0,4}x`, '', 'nested repetition', ["'{0,4}'", r`'\w+'`]],
  ['(a|a)*$', '', 'can both start with', ["'*'", "'a' and 'a'"]],
  ['(a|ab)*c', '', 'can both start with', ["'*'", "'a' and 'ab'", "with 'a'"]],
  [r`(\d|\w)+$`, '', 'can both start with', ["'+'", r`'\d' and '\w'`, "with '0'"]],
  ['(?:a|A)+x', 'i', 'can both start with', ["'+'", "'a' and 'A'"]],
  [r`\d+\d+$`, '', 'can be directly followed by', [r`'\d+' can be directly followed by '\d+'`]],
  [r`\s*\s*$`, '', 'can be directly followed by', [r`'\s*' can be directly followed by '\s*'`]],
  [r`\d+(?:x|\d+)y`, '', 'can be directly followed by', [r`'\d+' can be directly followed by '\d+'`]],
  [r`(?:a|\s+)\s*x`, '', 'can be directly followed by', [r`'\s+' can be directly followed by '\s*'`]],
  [
    r`[^a]+(?:[ab]?)*x`,
    '',
    'can be directly followed by',
    [r`'[^a]+' can be directly followed by '(?:[ab]?)*'`],
  ],
  ['[a-z]+[A-Z]+x', 'i', 'can be directly followed by', ["'[a-z]+' can be directly followed by '[A-Z]+'"]],
  ['a*', '', 'matches the empty string', []],
  ['(x)?', '', 'matches the empty string', []],
  [r`\b`, '', 'matches the empty string', []],
  ['', '', 'empty', []],
  ['(', '', 'Unterminated group', []],
  ['[z-a]', '', 'Range out of order', []],
  ['a{', 'u', 'not a valid regular expression', []],
  ['abc', 'g', "the engine adds 'g' and 'y' itself", []],
  ['abc', 'y', "the flag 'y' is not allowed", []],
  ['abc', 'x', "the flag 'x' is not allowed", []],
  ['abc', 'ii', 'given twice', []],
  ['a'.repeat(2000), '', 'it is 2,000 characters long', []],
];

describe('regexProblem', () => {
  it.each(REALISTIC)('accepts the realistic expression %s, with or without i and u', (source) => {
    for (const flags of ['', 'i', 'iu', 'ms']) expect(regexProblem(source, flags)).toBeNull();
  });

  const cases = REFUSED.map(([source, flags, fragment]) => ({
    name: source.length > 40 ? `a ${source.length}-character expression` : `'${source}'`,
    source,
    flags,
    fragment,
  }));

  it.each(cases)('refuses $name (flags $flags), saying so', ({ source, flags, fragment }) => {
    const problem = regexProblem(source, flags);
    expect(problem).toContain(fragment);
    expect(problem).toMatch(/^(The expression is empty|'.*' is refused: )/s);
  });

  it('names, for every expression refused for backtracking, the quantifier or alternation at fault', () => {
    for (const [source, flags, , witnesses] of REFUSED.filter(([, , , w]) => w.length > 0)) {
      const problem = regexProblem(source, flags) ?? '';
      for (const witness of witnesses) expect(problem, source).toContain(witness);
    }
  });

  it('quotes a long expression shortened, not whole', () => {
    const problem = regexProblem('a'.repeat(2000)) ?? '';
    expect(problem.length).toBeLessThan(200);
  });

  it('allows backreferences and lookbehind', () => {
    expect(regexProblem(r`(["'])\w+\1`)).toBeNull();
    expect(regexProblem(r`(?<=EUR\s?)\d+`)).toBeNull();
    expect(regexProblem(r`(?<![\w.])\d{4}\b`)).toBeNull();
  });

  it('parses with Unicode semantics only when u is given', () => {
    expect(regexProblem('a{')).toBeNull();
    expect(regexProblem(r`\p{L}+`, 'u')).toBeNull();
    expect(regexProblem(r`\u{1F600}`, 'u')).toBeNull();
    expect(regexProblem(r`\p{Foo}`, 'u')).toContain('Invalid property name');
  });

  it('tells disjoint Unicode properties and classes apart, and overlapping ones not', () => {
    expect(regexProblem(r`\p{Lu}+\p{Ll}+x`, 'u')).toBeNull();
    expect(regexProblem(r`(?:\p{L}|\d)+`, 'u')).toBeNull();
    expect(regexProblem(r`\p{L}+\s+\d+`, 'u')).toBeNull();
    expect(regexProblem(r`(?:\p{L}|é)+`, 'u')).toContain("'\\p{L}' and 'é'");
    expect(regexProblem(r`\p{Lu}+\p{Ll}+x`, 'iu')).toContain('can be directly followed by');
    expect(regexProblem(r`(?:\p{L}|\p{Script=Greek})+`, 'u')).toContain('the same character');
  });

  it('accepts repetitions that cannot trade characters', () => {
    expect(regexProblem(r`\d+\s+\d+`)).toBeNull();
    expect(regexProblem(r`(?:\w+\W+){0,4}x`)).toBeNull();
    expect(regexProblem(r`(?:a{2}){2,}`)).toBeNull();
    expect(regexProblem(r`(?:a|b)+`)).toBeNull();
  });
});

describe('compileSafeRegex', () => {
  it('compiles an accepted expression for scanning', () => {
    const re = compileSafeRegex(r`\bACC[-/ ]?\d{4,8}\b`, 'i');
    expect(re.flags).toBe('gi');
    expect('acc-12345 and ACC 9876'.match(re)).toEqual(['acc-12345', 'ACC 9876']);
  });

  it("throws regexProblem's message for a refused expression", () => {
    expect(() => compileSafeRegex('(a+)+$')).toThrow(regexProblem('(a+)+$') ?? '');
  });
});
