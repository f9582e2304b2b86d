import { StreamLanguage, type StringStream } from '@codemirror/language';

/** The words of our Twig subset (server/templates: if, for with loop, set, include with/only, tests). */
const KEYWORDS = new Set([
  'if',
  'elseif',
  'else',
  'endif',
  'for',
  'endfor',
  'in',
  'set',
  'include',
  'with',
  'only',
  'not',
  'and',
  'or',
  'is',
  'defined',
  'empty',
  'starts',
  'ends',
  'matches',
  'b-and',
  'b-or',
]);
const ATOMS = new Set(['true', 'false', 'null', 'none', 'loop']);

interface TwigState {
  /** Where the stream is: text, inside `{{ }}` / `{% %}`, or a `{# #}` comment. */
  inside: 'text' | 'code' | 'comment';
  /** What the previous token makes of a name: a filter after `|`, a field after `.`. */
  after: 'pipe' | 'dot' | null;
}

const code = (stream: StringStream, state: TwigState, expression: boolean): string | null => {
  if (stream.eatSpace()) return null;
  if (!expression && stream.match(/^-?[}%]\}/)) {
    state.inside = 'text';
    return 'brace';
  }
  const after = state.after;
  state.after = null;
  if (stream.match(/^"(?:\\.|[^"\\])*"?/) || stream.match(/^'(?:\\.|[^'\\])*'?/)) return 'string';
  if (stream.match(/^\d+(?:\.\d+)?/)) return 'number';
  if (stream.match(/^[A-Za-z_][\w-]*/)) {
    const word = stream.current();
    if (after === 'pipe') return 'variableName.function';
    if (after === 'dot') return 'propertyName';
    return KEYWORDS.has(word) ? 'keyword' : ATOMS.has(word) ? 'atom' : 'variableName';
  }
  if (stream.eat('|')) {
    state.after = 'pipe';
    return 'operator';
  }
  if (stream.eat('.')) {
    state.after = 'dot';
    return 'punctuation';
  }
  if (stream.match(/^(?:==|!=|<=|>=|\.\.|\*\*|\/\/|\?\?|[-+*/%~<>=?:])/)) return 'operator';
  if (stream.match(/^[()[\]{},]/)) return 'bracket';
  stream.next();
  return 'invalid';
};

/**
 * Twig as the server reads it (server/templates/lexer.ts): text, `{{ print }}`, `{% tags %}` and
 * `{# comments #}`; `expression` is the post-processing's conditions, one expression without its
 * braces. Jinja's CodeMirror mode (@codemirror/lang-jinja) parses the text as HTML, which weighs
 * 50 KB gzip more and colours mails' text as markup.
 */
export const twigLanguage = (expression = false) =>
  StreamLanguage.define<TwigState>({
    name: 'twig',
    startState: () => ({ inside: expression ? 'code' : 'text', after: null }),
    copyState: (s) => ({ ...s }),
    token(stream, state) {
      if (state.inside === 'code') return code(stream, state, expression);
      if (state.inside === 'comment') {
        if (stream.match(/^.*?-?#\}/)) state.inside = 'text';
        else stream.skipToEnd();
        return 'comment';
      }
      if (stream.match(/^\{#/)) {
        state.inside = 'comment';
        return 'comment';
      }
      if (stream.match(/^\{[{%]-?/)) {
        state.inside = 'code';
        return 'brace';
      }
      stream.next();
      while (!stream.eol() && !stream.match(/^\{[{%#]/, false)) stream.next();
      return null;
    },
    languageData: { closeBrackets: { brackets: ['(', '[', '{', "'", '"'] } },
  });
