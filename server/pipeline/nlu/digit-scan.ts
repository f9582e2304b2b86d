/**
 * Scanning a text for a pattern every match of which holds a digit near its start (amounts,
 * numbers, percentages): only the positions a few characters before a digit can start a match,
 * so the pattern is tried, sticky, there and nowhere else. A global scan tries every position of
 * the text; mail is mostly words, and its digits are few.
 */

const DIGIT = /[0-9]/g;

/**
 * The first ASCII digit at or after `from`, or -1 (`\d` is ASCII-only, with or without `u`). The
 * regular expression engine skips the letters between about twice as fast as a loop over the
 * codes, and `test` makes no match array.
 */
const nextDigit = (text: string, from: number): number => {
  DIGIT.lastIndex = from;
  return DIGIT.test(text) ? DIGIT.lastIndex - 1 : -1;
};

/**
 * The matches a global scan of `sticky`'s pattern would find (leftmost first, none overlapping
 * the one before, empty ones skipped), given that every match has a digit at most `window`
 * characters after its start. `onMatch` returns true to stop the scan.
 *
 * @example
 *   scanNearDigits(/\$\d+/uy, 'pay $12 or $3', 1, (m) => { console.log(m[0]); return false; }); // $12, $3
 */
export const scanNearDigits = (
  sticky: RegExp,
  text: string,
  window: number,
  onMatch: (m: RegExpExecArray) => boolean,
): void => {
  // Positions before `from` were tried, or lie inside a match already found.
  let from = 0;
  for (let d = nextDigit(text, 0); d >= 0; d = nextDigit(text, Math.max(d + 1, from))) {
    for (let p = Math.max(from, d - window); p <= d; p = from) {
      sticky.lastIndex = p;
      const m = sticky.exec(text);
      if (m && m[0].length > 0) {
        from = p + m[0].length;
        if (onMatch(m)) return;
      } else from = p + 1;
    }
  }
};
