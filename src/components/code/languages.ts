import { json, jsonParseLinter } from '@codemirror/lang-json';
import { LanguageSupport, StreamLanguage } from '@codemirror/language';
import { linter } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import type { CodeLanguage } from './codeLanguage';
import { twigLanguage } from './twigLanguage';

/**
 * Regular expressions as the NLU reads them (JavaScript syntax): escapes, character classes, groups
 * and their kinds, quantifiers, alternation, anchors. CodeMirror has no regex language of its own.
 */
const regexLanguage = StreamLanguage.define<{ inClass: boolean }>({
  name: 'regex',
  startState: () => ({ inClass: false }),
  token(stream, state) {
    if (
      stream.match(
        /^\\(?:u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[A-Za-z]|[pP]\{[^}]*\}|k<[^>]*>|[\s\S])/,
      )
    )
      return 'escape';
    if (state.inClass) {
      if (stream.eat(']')) {
        state.inClass = false;
        return 'bracket';
      }
      stream.next();
      return 'string';
    }
    if (stream.match('[^') || stream.eat('[')) {
      state.inClass = true;
      return 'bracket';
    }
    if (stream.match(/^\((?:\?(?:<[=!]|<[A-Za-z_$][\w$]*>|[:=!]))?/) || stream.eat(')')) return 'keyword';
    if (stream.match(/^(?:[*+?]|\{\d+(?:,\d*)?\})\??/)) return 'operator';
    if (stream.eat('|')) return 'keyword';
    if (stream.match(/^[\^$.]/)) return 'atom';
    stream.next();
    return null;
  },
});

/** The language extensions of each kind of code. JSON is also checked as it is typed. */
export const languageExtensions: Record<CodeLanguage, () => Extension[]> = {
  twig: () => [new LanguageSupport(twigLanguage())],
  twigExpression: () => [new LanguageSupport(twigLanguage(true))],
  regex: () => [new LanguageSupport(regexLanguage)],
  json: () => [json(), linter(jsonParseLinter(), { delay: 300 })],
  text: () => [],
};
