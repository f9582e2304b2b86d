/**
 * French typography (Imprimerie nationale, as the console's French messages follow it): a narrow
 * no-break space (U+202F) before the high signs `:` `;` `?` `!`, so that the sign never starts a
 * line and sits at the distance French readers expect.
 */
export const NARROW_NO_BREAK_SPACE = '\u202f';

/**
 * What a message's text is not: code in backticks, Twig (`{{ … }}`, `{% … %}`), polyglot
 * placeholders (`%{…}`) and addresses, whose signs are syntax, not punctuation.
 */
const notProse = /`[^`]*`|\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|%\{[^}]*\}|\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;

/**
 * A high sign used as punctuation (followed by a space, the end, or closing punctuation) with a
 * plain space or no space before it. Times (`10:30`) and signs inside a word are not punctuation.
 */
const fault = /(\S{0,12})( ?)([:;?!])(?=$|[\s»”’)\].,]|[:;?!])/g;

/**
 * The places in `message` where French typography wants a narrow no-break space before a high
 * sign, each as the few characters before it and the sign ('Qualifié:' or 'sûr ?').
 */
export const frenchPunctuationFaults = (message: string): string[] => {
  const prose = message.replace(notProse, (match) => '_'.repeat(match.length));
  const faults: string[] = [];
  for (const match of prose.matchAll(fault)) {
    const [, before, space, sign] = match;
    // A sign after another (`?!`) or after the right space is fine.
    if (before.endsWith(NARROW_NO_BREAK_SPACE) || /[:;?!]$/.test(before)) continue;
    if (!space && before === '') continue;
    const at = match.index + before.length;
    const shown = message.slice(match.index, at) + space + sign;
    faults.push(shown.trimStart());
  }
  return faults;
};
