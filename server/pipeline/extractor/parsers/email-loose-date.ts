/** Month names and abbreviations, English and French, by prefix (accents removed). */
const MONTH_PREFIXES: [string, number][] = [
  ['janv', 1],
  ['jan', 1],
  ['fev', 2],
  ['feb', 2],
  ['mar', 3],
  ['avr', 4],
  ['apr', 4],
  ['mai', 5],
  ['may', 5],
  ['juin', 6],
  ['jun', 6],
  ['juil', 7],
  ['jul', 7],
  ['aou', 8],
  ['aug', 8],
  ['sep', 9],
  ['oct', 10],
  ['nov', 11],
  ['dec', 12],
];

const monthOf = (word: string): number => {
  const plain = word
    .normalize('NFD')
    .replace(/[\u0300-\u036f.]/g, '')
    .toLowerCase();
  return MONTH_PREFIXES.find(([prefix]) => plain.startsWith(prefix))?.[1] ?? 0;
};

const WORD = '([A-Za-zÀ-ÿ]{3,9})\\.?';
const DAY_MONTH_YEAR = new RegExp(`\\b(\\d{1,2})(?:er)?\\s+${WORD},?\\s+(\\d{4})`);
const MONTH_DAY_YEAR = new RegExp(`${WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})`);
const NUMERIC = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/;
const ISO = /\b(\d{4})-(\d{2})-(\d{2})\b/;
const TIME = /(\d{1,2})[:h](\d{2})(?::(\d{2}))?(?:\s*([AaPp])\.?[Mm]\.?)?/;
const ZONE = /^\s*(?:\(?(?:GMT|UTC)\)?\s*)?([+-])(\d{2}):?(\d{2})\b|^\s*\(?(GMT|UTC|Z)\b/;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

interface Day {
  year: number;
  month: number;
  day: number;
  end: number;
}

const findDay = (text: string, dayFirst: boolean): Day | null => {
  let match = DAY_MONTH_YEAR.exec(text);
  if (match && monthOf(match[2])) {
    return { year: +match[3], month: monthOf(match[2]), day: +match[1], end: match.index + match[0].length };
  }
  match = MONTH_DAY_YEAR.exec(text);
  if (match && monthOf(match[1])) {
    return { year: +match[3], month: monthOf(match[1]), day: +match[2], end: match.index + match[0].length };
  }
  match = ISO.exec(text);
  if (match) return { year: +match[1], month: +match[2], day: +match[3], end: match.index + match[0].length };
  match = NUMERIC.exec(text);
  if (!match) return null;
  const [first, second] = [+match[1], +match[2]];
  const swap = first > 12 || (dayFirst && second <= 12);
  return {
    year: +match[3],
    month: swap ? second : first,
    day: swap ? first : second,
    end: match.index + match[0].length,
  };
};

/**
 * Reads the date of a quoted message's header or attribution line ("Mon, Mar 4, 2024 at 10:15 AM",
 * "lun. 4 mars 2024 à 10:15", "04/03/2024 10:15 +0100"). With a time zone the answer is an ISO
 * instant in UTC; without one it is the local date and time as written (ISO 8601 without offset),
 * since the writer's zone is unknown. Null when no date can be read.
 *
 * @example
 *   parseLooseDate('lun. 4 mars 2024 à 10:15', true) // '2024-03-04T10:15'
 */
export const parseLooseDate = (text: string, dayFirst = false): string | null => {
  const found = findDay(text, dayFirst);
  if (!found || found.month < 1 || found.month > 12 || found.day < 1 || found.day > 31) return null;
  const date = `${found.year}-${pad(found.month)}-${pad(found.day)}`;
  const rest = text.slice(found.end);
  const time = TIME.exec(rest);
  if (!time) return date;
  let hours = +time[1];
  const minutes = +time[2];
  const seconds = time[3] ? +time[3] : 0;
  if (time[4]) hours = (hours % 12) + (/[pP]/.test(time[4]) ? 12 : 0);
  if (hours > 23 || minutes > 59 || seconds > 59) return date;
  const local = `${date}T${pad(hours)}:${pad(minutes)}${time[3] ? `:${pad(seconds)}` : ''}`;
  const zone = ZONE.exec(rest.slice(time.index + time[0].length));
  if (!zone) return local;
  const offset = zone[4] ? 0 : (zone[1] === '-' ? -1 : 1) * (+zone[2] * 60 + +zone[3]);
  const instant = Date.UTC(found.year, found.month - 1, found.day, hours, minutes, seconds) - offset * 60_000;
  return Number.isNaN(instant) ? local : new Date(instant).toISOString();
};
