/**
 * Tokens of the Twig subset of server/templates (see twig.ts): the text between tags, and inside
 * `{{ … }}` and `{% … %}` the words, numbers, strings and punctuation of expressions. Every token
 * keeps its line, for the errors users read ("Line 3: …").
 */
export class TemplateError extends Error {
  constructor(
    readonly line: number,
    readonly detail: string,
    readonly template?: string,
  ) {
    super(`${template ? `Template '${template}', line` : 'Line'} ${line}: ${detail}`);
  }
}

/** A filter the engine does not have: refused when the template is saved, by its own code (problems.ts). */
export class UnknownFilterError extends TemplateError {
  constructor(
    line: number,
    readonly filter: string,
    template?: string,
  ) {
    super(line, `Unknown filter '${filter}'`, template);
  }
}

export type Token =
  | { kind: 'text'; value: string; line: number }
  | { kind: 'open'; tag: 'print' | 'block'; line: number }
  | { kind: 'close'; line: number }
  | { kind: 'name'; value: string; line: number }
  | { kind: 'number'; value: number; line: number }
  | { kind: 'string'; value: string; line: number }
  | { kind: 'punct'; value: string; line: number }
  | { kind: 'end'; line: number };

/** Longest first: `<=` before `<`, `??` before `?`. */
const PUNCTUATION = [
  '==',
  '!=',
  '<=',
  '>=',
  '??',
  '..',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  ':',
  '.',
  '|',
  '?',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '~',
  '=',
];
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /\d+(?:\.\d+)?/y;
const BLANK = /\s+/y;

const linesIn = (s: string) => s.split('\n').length - 1;

/**
 * @example
 * tokenize('Hello {{ name|upper }}') // text, open print, name, punct |, name, close, end
 */
export const tokenize = (source: string): Token[] => {
  const tokens: Token[] = [];
  let line = 1;
  let pos = 0;
  let trimNext = false;
  while (pos < source.length) {
    const next = source.slice(pos).search(/\{[{%#]/);
    const textEnd = next === -1 ? source.length : pos + next;
    let text = source.slice(pos, textEnd);
    if (trimNext) text = text.replace(/^\s+/, '');
    const trimBefore = source[textEnd + 2] === '-';
    if (trimBefore) text = text.replace(/\s+$/, '');
    if (text) tokens.push({ kind: 'text', value: text, line });
    line += linesIn(source.slice(pos, textEnd));
    if (textEnd >= source.length) break;
    const opener = source.slice(textEnd, textEnd + 2);
    const opened = line;
    if (opener === '{#') {
      const close = source.indexOf('#}', textEnd + 2);
      if (close === -1) throw new TemplateError(opened, 'The comment is not closed (#})');
      line += linesIn(source.slice(textEnd, close));
      trimNext = false;
      pos = close + 2;
      continue;
    }
    const closer = opener === '{{' ? '}}' : '%}';
    tokens.push({ kind: 'open', tag: opener === '{{' ? 'print' : 'block', line });
    pos = textEnd + 2 + (trimBefore ? 1 : 0);
    for (;;) {
      BLANK.lastIndex = pos;
      const blank = BLANK.exec(source);
      if (blank) {
        line += linesIn(blank[0]);
        pos = BLANK.lastIndex;
      }
      if (pos >= source.length) throw new TemplateError(opened, `The tag is not closed (${closer})`);
      if (source.startsWith(`-${closer}`, pos) || source.startsWith(closer, pos)) {
        trimNext = source[pos] === '-';
        pos += closer.length + (trimNext ? 1 : 0);
        tokens.push({ kind: 'close', line });
        break;
      }
      const c = source[pos];
      if (c === '"' || c === "'") {
        let value = '';
        let i = pos + 1;
        for (; i < source.length && source[i] !== c; i++) {
          if (source[i] === '\\' && i + 1 < source.length) i += 1;
          value += source[i];
        }
        if (i >= source.length) throw new TemplateError(line, 'A string is not closed');
        tokens.push({ kind: 'string', value, line });
        line += linesIn(value);
        pos = i + 1;
        continue;
      }
      NUMBER.lastIndex = pos;
      const number = NUMBER.exec(source);
      if (number) {
        tokens.push({ kind: 'number', value: Number(number[0]), line });
        pos = NUMBER.lastIndex;
        continue;
      }
      WORD.lastIndex = pos;
      const word = WORD.exec(source);
      if (word) {
        tokens.push({ kind: 'name', value: word[0], line });
        pos = WORD.lastIndex;
        continue;
      }
      const punct = PUNCTUATION.find((p) => source.startsWith(p, pos));
      if (!punct) throw new TemplateError(line, `Unexpected character '${c}'`);
      tokens.push({ kind: 'punct', value: punct, line });
      pos += punct.length;
    }
  }
  tokens.push({ kind: 'end', line });
  return tokens;
};

/** A token as an error message names it: "Expected … but found 'x'". */
export const describeToken = (t: Token) => {
  switch (t.kind) {
    case 'end':
      return 'the end of the template';
    case 'close':
      return 'the end of the tag';
    case 'open':
      return 'a new tag';
    case 'text':
      return 'text';
    case 'string':
      return `'${t.value}'`;
    default:
      return `'${t.value}'`;
  }
};
