/**
 * The built-in read-only archetypes (DESIGN.md, symbolic NLU engine): date, time, number, amount,
 * percentage, email, phone, url and iban, each recognising French and English forms.
 *
 * Every pattern runs over whole documents that may be hostile, so each one follows two rules that
 * keep it linear: a start lookbehind that refuses to begin inside a run the pattern would already
 * have scanned (so a failing run is scanned once, not once per character), and bounded repetition
 * wherever two quantified parts could share the same characters.
 */

export const BUILTIN_ARCHETYPE_NAMES = [
  'date',
  'time',
  'number',
  'amount',
  'percentage',
  'email',
  'phone',
  'url',
  'iban',
] as const;

export type BuiltinArchetypeName = (typeof BUILTIN_ARCHETYPE_NAMES)[number];

export interface BuiltinArchetype {
  name: BuiltinArchetypeName;
  description: string;
  /** examples shown in the console */
  examples: string[];
  /**
   * Flags `giu`. Shared by every caller: reset `lastIndex` before an `exec` loop, or use
   * `text.matchAll(pattern)`, which works on a copy.
   */
  pattern: RegExp;
  /**
   * The most characters a match can hold before its first digit, for the patterns every match of
   * which holds one: only the places that close to a digit are tried (digit-scan.ts).
   */
  digitWindow?: number;
}

// `\b` is ASCII-only: it would split "café123" or accept "é42". These see every script's letters.
const START = String.raw`(?<![\p{L}\p{N}])`;
const END = String.raw`(?![\p{L}\p{N}])`;
/** One horizontal space, including the no-break spaces French typography puts before € and %. */
const SP = String.raw`[^\S\r\n]`;
/** Between words of a date: a little slack for OCR and wrapped lines, bounded on purpose. */
const GAP = String.raw`\s{1,3}`;

/**
 * A number without its sign: thousands grouped by space, no-break space, dot or comma (at most
 * seven groups, so a run of "1 234 567 …" costs a bounded amount per start), or plain digits; then
 * an optional decimal part with a dot or a French comma.
 */
const NUM = String.raw`(?:\d{1,3}(?:[ \u00a0\u202f.,]\d{3}){1,6}|\d+)(?:[.,]\d+)?`;
const SIGN = '[-\u2212]?';

const DAY = '(?:0?[1-9]|[12]\\d|3[01])';
const MONTH_2 = '(?:0[1-9]|1[0-2])';
const DAY_2 = '(?:0[1-9]|[12]\\d|3[01])';
/** French and English month names and abbreviations; a dot only when a day or year follows. */
const MONTH =
  String.raw`(?:janv(?:ier)?|jan(?:uary)?|f[eé]vr(?:ier)?|feb(?:ruary)?|mar(?:s|ch)?|avr(?:il)?|apr(?:il)?` +
  String.raw`|mai|may|juin|june?|juil(?:let)?|july?|ao[uû]t|aug(?:ust)?|sept?(?:embre|ember)?|oct(?:obre|ober)?` +
  String.raw`|nov(?:embre|ember)?|d[eé]c(?:embre|ember)?)(?!\p{L})(?:\.(?=${GAP}\d))?`;
const ORDINAL = '(?:er|re|st|nd|rd|th)';

const DATE = [
  // 12/03/2024, 12-03-24, 12.03.2024: either day or month first, one separator throughout; not a
  // slice of a longer dotted or dashed run such as a phone number.
  `(?<!\\d[./-])${DAY}(?:/${DAY}/|-${DAY}-|\\.${DAY}\\.)(?:\\d{4}|\\d{2})(?![./-]\\d)`,
  `\\d{4}(?:-${MONTH_2}-${DAY_2}|/${MONTH_2}/${DAY_2})`,
  // 12 mars 2024, 1er janvier 2025, 12 March 2024, the 12th of March
  `${DAY}${ORDINAL}?(?:${GAP}of)?${GAP}${MONTH}(?:,?${GAP}\\d{4})?`,
  // March 12, 2024, Mar 12th 2024, mars 2024
  `${MONTH}${GAP}(?:${DAY}${ORDINAL}?(?:,?${GAP}\\d{4})?|\\d{4})`,
].join('|');

const HOUR = '(?:[01]?\\d|2[0-3])';
const HOUR_12 = '(?:1[0-2]|0?[1-9])';
const MINUTE = '[0-5]\\d';
// "a.m." keeps its own dots, but "10am." leaves the sentence's full stop alone.
const MERIDIEM = '[ap](?:m|\\.m\\.)';
const TIME = [
  `${HOUR}:${MINUTE}(?::${MINUTE})?(?:${SP}?${MERIDIEM})?`,
  // 14h30, 14 h, 9 heures, 14 h 30 min
  `${HOUR}${SP}?(?:h|heures?)(?:${SP}?${MINUTE}(?:${SP}?min(?:utes)?)?)?`,
  `${HOUR_12}${SP}?(?:${MERIDIEM}|o['’]clock)`,
].join('|');

const CURRENCY_SYMBOL = String.raw`(?:US\$|[€$£¥₣])`;
const CURRENCY_CODE = '(?:EUR|USD|GBP|CHF|JPY|CAD|AUD)';
// "livres" alone is also "books" in French: only the unambiguous spellings.
const CURRENCY_WORD = `(?:euros?|dollars?|pounds?(?:${SP}sterling)?|livres?${SP}sterling|francs?${SP}suisses?|cents?|centimes?)`;
const AMOUNT = [
  `(?:${CURRENCY_SYMBOL}|${CURRENCY_CODE})${SP}?${SIGN}${NUM}`,
  `${SIGN}${NUM}${SP}?(?:[km]?${CURRENCY_SYMBOL}|${CURRENCY_CODE}|${CURRENCY_WORD})`,
].join('|');

const PERCENTAGE = `${SIGN}${NUM}${SP}?(?:%|‰|pour[ -]?cents?|per${SP}?cent|pct)`;

// The domain is one flat run ending in ".tld" rather than a repeated "label." group: nested
// repetition is what the engine's regex safety check refuses, and a flat run backtracks linearly.
const EMAIL =
  String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@` +
  String.raw`[\p{L}\p{N}][\p{L}\p{N}.-]{0,252}\.\p{L}{2,24}(?![\p{L}\p{N}-]|\.[\p{L}\p{N}])`;

const PHONE_SEP = '[ \\u00a0.-]';
const PHONE = [
  // French: 01 23 45 67 89, 0123456789, +33 1 23 45 67 89, +33 (0)1 23 45 67 89, 0033 6…
  `(?:(?:\\+|00)33${PHONE_SEP}?(?:\\(0\\)${PHONE_SEP}?)?|0)[1-9](?:${PHONE_SEP}?\\d{2}){4}`,
  // International with separators: +44 20 7946 0958, +1 555 123 4567, +49 (30) 1234 5678
  `\\+[1-9]\\d{0,2}(?:${PHONE_SEP}?\\((?:0|\\d{1,4})\\)${PHONE_SEP}?|${PHONE_SEP})\\d{1,4}(?:${PHONE_SEP}\\d{2,4}){1,5}`,
  `\\+[1-9]\\d{7,14}`,
  // North American: (555) 123-4567, 555-123-4567, +1 (555) 123-4567
  `(?:\\+1${PHONE_SEP}?)?(?:\\(\\d{3}\\)${PHONE_SEP}?|\\d{3}${PHONE_SEP})\\d{3}${PHONE_SEP}\\d{4}`,
  // British national: 020 7946 0958, 07700 900123
  `0\\d{2,4}${PHONE_SEP}\\d{3,4}${PHONE_SEP}?\\d{3,4}`,
].join('|');

// A URL ends before trailing punctuation, so "see https://example.com." keeps the full stop out.
const URL_TAIL = String.raw`[^\s<>"'«»]*[^\s<>"'«».,;:!?)\]}]`;
const URL = `(?:https?|ftps?)://${URL_TAIL}|www\\.[\\p{L}\\p{N}-]+\\.${URL_TAIL}`;

/** Countries that issue IBANs (ISO 13616 registry), so "AB12 CDEF 1234" is not one. */
const IBAN_COUNTRIES =
  'AD AE AL AT AZ BA BE BG BH BI BR BY CH CR CY CZ DE DJ DK DO EE EG ES FI FK FO FR GB GE GI GL GR GT HR ' +
  'HU IE IL IQ IS IT JO KW KZ LB LC LI LT LU LV LY MC MD ME MK MN MR MT MU NI NL NO OM PK PL PS PT QA RO ' +
  'RS RU SA SC SD SE SI SK SM SO ST SV TL TN TR UA VA VG XK YE';
// After the bank code, each group holds a digit: the next word of the sentence ("then") is not one.
const IBAN =
  `(?:${IBAN_COUNTRIES.split(' ').join('|')})\\d{2}[ \\u00a0]?[A-Z0-9]{4}` +
  `(?:[ \\u00a0]?(?=[A-Z]{0,3}\\d)[A-Z0-9]{4}){1,6}(?:[ \\u00a0]?(?=[A-Z]{0,2}\\d)[A-Z0-9]{1,3})?`;

const bounded = (body: string): RegExp => new RegExp(`${START}(?:${body})${END}`, 'giu');

/**
 * The built-in archetypes, in the order the console lists them.
 *
 * @example
 *   const date = BUILTIN_ARCHETYPES.find((a) => a.name === 'date')!;
 *   [...'Le rendez-vous du 12 mars 2024 est confirmé'.matchAll(date.pattern)].map((m) => m[0]);
 *   // ['12 mars 2024']
 */
export const BUILTIN_ARCHETYPES: readonly BuiltinArchetype[] = [
  {
    name: 'date',
    description: 'A calendar date, in figures or with the month in words (French or English)',
    examples: [
      '12/03/2024',
      '2024-03-12',
      '12 mars 2024',
      '1er janvier 2025',
      'March 12, 2024',
      'Mar 12th 2024',
    ],
    pattern: bounded(DATE),
  },
  {
    name: 'time',
    description: 'A time of day: 14h30, 14 h, 14:30, 2:30 pm, 10am',
    examples: ['14h30', '14 h', '14:30', '2:30 pm', '10am'],
    pattern: bounded(TIME),
  },
  {
    name: 'number',
    description: 'A number, with thousands grouped by space, dot or comma and a decimal dot or comma',
    examples: ['42', '1 234', '1,234.5', '3,14', '-12'],
    pattern: bounded(`${SIGN}${NUM}`),
    // The sign.
    digitWindow: 1,
  },
  {
    name: 'amount',
    description: 'A sum of money with its currency as a symbol, a code or a word',
    examples: ['1 234,56 €', '12€', 'EUR 100', '100 euros', '$1,234.56', '£20', '250 USD', '15 dollars'],
    pattern: bounded(AMOUNT),
    // "US$" or a currency code, a space, a sign: then NUM, which starts with a digit.
    digitWindow: 5,
  },
  {
    name: 'percentage',
    description: 'A percentage: 12 %, 12,5 %, 12.5 percent, 10 pour cent',
    examples: ['12 %', '12%', '12,5 %', '12.5 percent', '10 pour cent'],
    pattern: bounded(PERCENTAGE),
    // The sign.
    digitWindow: 1,
  },
  {
    name: 'email',
    description: 'An email address',
    examples: ['jean.dupont@example.fr', 'support+billing@mail.example.co.uk'],
    pattern: new RegExp(EMAIL, 'giu'),
  },
  {
    name: 'phone',
    description: 'A telephone number: French, international (+33, +44, +1…) and North American forms',
    examples: [
      '01 23 45 67 89',
      '01.23.45.67.89',
      '+33 (0)1 23 45 67 89',
      '+44 20 7946 0958',
      '(555) 123-4567',
      '555-123-4567',
    ],
    // Not right after a digit group either: "… 6000 0112 3456 7890" inside an IBAN is no phone.
    pattern: new RegExp(`(?<![\\p{L}\\p{N}+]|\\d${PHONE_SEP})(?:${PHONE})${END}`, 'giu'),
  },
  {
    name: 'url',
    description: 'A web address starting with http://, https:// or www.',
    examples: ['https://www.example.com/path?q=1', 'http://example.org', 'www.example.com/path'],
    pattern: bounded(URL),
  },
  {
    name: 'iban',
    description: 'An international bank account number (IBAN), grouped by four or not',
    examples: ['FR76 3000 6000 0112 3456 7890 189', 'GB82WEST12345698765432', 'DE89 3704 0044 0532 0130 00'],
    pattern: bounded(IBAN),
  },
];

const NAMES: ReadonlySet<string> = new Set(BUILTIN_ARCHETYPE_NAMES);

/**
 * Whether an archetype name is one of the built-ins, which users may reference but not edit.
 *
 * @example
 *   isBuiltinArchetype('date'); // true
 *   isBuiltinArchetype('car'); // false
 */
export const isBuiltinArchetype = (name: string): name is BuiltinArchetypeName => NAMES.has(name);
