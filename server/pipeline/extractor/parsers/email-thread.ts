import type { ThreadEntry } from '../types';
import { parseLooseDate } from './email-loose-date';

/** A reply chain deeper than this keeps the rest as its last entry. */
const MAX_ENTRIES = 100;

const SEPARATOR =
  /^\s*-{2,}\s*(?:original message|message d'origine|message original|forwarded message|message transf[ée]r[ée]|mensaje original|urspr[üu]ngliche nachricht)\s*-{2,}\s*$/i;
const RULE = /^\s*_{10,}\s*$/;
const KEY = /^\s*[*_]{0,2}([\p{L} ]{1,12}?)[*_]{0,2}\s*:[*_]{0,2}\s?(.*)$/u;
const FROM_KEYS = new Set(['from', 'de', 'von']);
const DATE_KEYS = new Set(['sent', 'date', 'envoyé', 'envoyé le', 'gesendet']);
const OTHER_KEYS = new Set([
  'to',
  'à',
  'a',
  'an',
  'cc',
  'cci',
  'bcc',
  'subject',
  'objet',
  'sujet',
  'betreff',
]);
const ON_WROTE = /^\s*On\s+(.+?)\s*wrote\s*:\s*$/is;
const LE_ECRIT = /^\s*Le\s+(.+?)\s*a\s+[ée]crit\s*:\s*$/is;
const SOMEONE_WROTE = /^\s*(.{1,200}?)\s+(?:wrote|a\s+[ée]crit)\s*:\s*$/i;
const QUOTED = /^\s*>/;
const TIME =
  /\d{1,2}[:h]\d{2}(?::\d{2})?(?:\s*[AaPp]\.?[Mm]\.?(?!\p{L}))?(?:\s*(?:[+-]\d{4}|\(?(?:GMT|UTC)[^)]*\)?))?/u;

interface Marker {
  start: number;
  bodyStart: number;
  from: string | null;
  date: string | null;
  /** The earlier message is the `>` lines that follow; other lines still belong to this one. */
  quoted: boolean;
}

const keyOf = (line: string): { key: string; value: string } | null => {
  const match = KEY.exec(line);
  return match ? { key: match[1].trim().toLowerCase(), value: match[2].trim() } : null;
};

const isKnownKey = (key: string): boolean => FROM_KEYS.has(key) || DATE_KEYS.has(key) || OTHER_KEYS.has(key);

const dateOf = (raw: string, dayFirst: boolean): string => parseLooseDate(raw, dayFirst) ?? raw;

/** A "From: … / Sent: … / To: …" block starts at `at` (the From line and another header within 4 lines). */
const headerBlockAt = (lines: string[], at: number): boolean => {
  if (!lines[at]?.includes(':')) return false;
  const first = keyOf(lines[at]);
  if (!first || !FROM_KEYS.has(first.key)) return false;
  for (let next = at + 1; next < Math.min(lines.length, at + 5); next++) {
    const header = keyOf(lines[next]);
    if (header && (DATE_KEYS.has(header.key) || OTHER_KEYS.has(header.key))) return true;
  }
  return false;
};

const skipBlank = (lines: string[], at: number): number => {
  while (at < lines.length && lines[at].trim() === '') at++;
  return at;
};

const readHeaderBlock = (lines: string[], start: number, at: number): Marker => {
  let line = skipBlank(lines, at);
  let from: string | null = null;
  let date: string | null = null;
  let previous: string | null = null;
  for (; line < lines.length; line++) {
    const header = keyOf(lines[line]);
    if (header && isKnownKey(header.key)) {
      if (FROM_KEYS.has(header.key) && from === null) from = header.value || null;
      if (DATE_KEYS.has(header.key) && date === null && header.value)
        date = dateOf(header.value, header.key !== 'sent');
      previous = header.key;
    } else if (previous && /^\s/.test(lines[line]) && lines[line].trim() !== '') continue;
    else break;
  }
  return { start, bodyStart: skipBlank(lines, line), from, date, quoted: false };
};

/** "On <date>, <name> wrote:" or "Le <date>, <name> a écrit :", maybe wrapped over two lines. */
const attributionAt = (lines: string[], at: number): Marker | null => {
  for (let span = 1; span <= 3 && at + span <= lines.length; span++) {
    const text = lines.slice(at, at + span).join(' ');
    const english = ON_WROTE.exec(text);
    const french = english ? null : LE_ECRIT.exec(text);
    const match = english ?? french;
    const loose = match ? null : SOMEONE_WROTE.exec(text);
    const bodyStart = at + span;
    const quoted = QUOTED.test(lines[skipBlank(lines, bodyStart)] ?? '');
    if (!match && !(loose && span === 1 && quoted)) continue;
    const inner = (match ?? loose)?.[1] ?? '';
    // "<date>[ at <time>], <name>": the name follows the time, or the last comma when there is none
    const time = match ? TIME.exec(inner) : null;
    const cut = !match ? 0 : time ? time.index + time[0].length : Math.max(inner.lastIndexOf(', '), 0);
    const date = cut > 0 ? dateOf(inner.slice(0, cut).trim(), french !== null) : null;
    const from =
      inner
        .slice(cut)
        .replace(/^[\s,]+/, '')
        .replace(/\s+/g, ' ')
        .replace(/<\s|\s>/g, (edge) => edge.trim())
        .trim() || null;
    return { start: at, bodyStart, from, date, quoted };
  }
  return null;
};

const findMarker = (lines: string[]): Marker | null => {
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at];
    if (SEPARATOR.test(line)) return readHeaderBlock(lines, at, at + 1);
    if (RULE.test(line) && headerBlockAt(lines, skipBlank(lines, at + 1)))
      return readHeaderBlock(lines, at, at + 1);
    if (headerBlockAt(lines, at)) return readHeaderBlock(lines, at, at);
    if (/^\s*(?:On|Le)\s/i.test(line) || /(?:wrote|[ée]crit)\s*:\s*$/i.test(line)) {
      const attribution = attributionAt(lines, at);
      if (attribution) return attribution;
    }
    if (QUOTED.test(line)) return { start: at, bodyStart: at, from: null, date: null, quoted: true };
  }
  return null;
};

/** Splits `>` quoted lines (one level unquoted) from the lines that answer them. */
const splitQuoted = (lines: string[]): { own: string[]; quoted: string[] } => {
  const own: string[] = [];
  const quoted: string[] = [];
  let quoteAhead = false;
  const inQuote: boolean[] = new Array<boolean>(lines.length);
  for (let at = lines.length - 1; at >= 0; at--) {
    if (QUOTED.test(lines[at])) quoteAhead = true;
    else if (lines[at].trim() !== '') quoteAhead = false;
    inQuote[at] = lines[at].trim() === '' && quoteAhead;
  }
  lines.forEach((line, at) => {
    if (QUOTED.test(line)) quoted.push(line.replace(/^\s*> ?/, ''));
    else if (inQuote[at] && quoted.length > 0) quoted.push('');
    else own.push(line);
  });
  return { own, quoted };
};

const joined = (lines: string[]): string => lines.join('\n').trim();

/**
 * Splits a reply's body into the newest message and the earlier messages it quotes, newest first:
 * Outlook blocks ("-----Original Message-----", "From: / Sent: / To:", "De : / Envoyé : / À :"),
 * attribution lines ("On … wrote:", "Le … a écrit :") and `>` quoting, nested at any depth.
 *
 * @example
 *   splitThread('Thanks!\n\nOn Mon, Mar 4, 2024 at 10:15 AM Ann <ann@x.org> wrote:\n> Ready?').earlier
 *   // [{ from: 'Ann <ann@x.org>', date: '2024-03-04T10:15', text: 'Ready?' }]
 */
export const splitThread = (text: string): { newest: string; earlier: ThreadEntry[] } => {
  const entries: ThreadEntry[] = [];
  let lines = text.replace(/\r\n?/g, '\n').split('\n');
  let meta: Omit<ThreadEntry, 'text'> = { from: null, date: null };
  while (entries.length < MAX_ENTRIES - 1) {
    const marker = findMarker(lines);
    if (!marker) break;
    if (marker.quoted) {
      const { own, quoted } = splitQuoted(lines.slice(marker.bodyStart));
      entries.push({ ...meta, text: joined([...lines.slice(0, marker.start), ...own]) });
      lines = quoted;
    } else {
      entries.push({ ...meta, text: joined(lines.slice(0, marker.start)) });
      lines = lines.slice(marker.bodyStart);
    }
    meta = { from: marker.from, date: marker.date };
  }
  entries.push({ ...meta, text: joined(lines) });
  const [newest, ...earlier] = entries;
  return { newest: newest.text, earlier: earlier.filter((entry) => entry.text || entry.from || entry.date) };
};
