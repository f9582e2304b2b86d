import type { ExtractedPage, TextBlock } from '../../../schemas/analysis-result';
import { PAGE_SEPARATOR } from '../../../schemas/analysis-result';
import type { OcrDataField, OcrDataSettings, OcrValueType } from '../../../schemas/ocr-data';
import { traceMessage } from '../../../schemas/trace-messages';
import { BUILTIN_ARCHETYPES } from '../nlu/builtins';
import { parseNumber } from '../nlu/functions';
import { compileSafeRegex } from '../nlu/regex-safety';
import { StopPipeline } from '../stage';

/** A document the OCR data extraction reads: an attachment, or the input itself ('message'). */
export interface OcrDocument {
  source: TextBlock['source'];
  filename: string;
  pages: readonly ExtractedPage[];
}

/** A field's value found in a document: offsets are in the document's text (its pages joined). */
export interface OcrHit {
  key: string;
  value: string | number;
  anchor: string;
  /** 1-based. */
  page: number;
  start: number;
  end: number;
  /** The line the value was read on, for the reader. */
  line: string;
}

/** A field compiled once per configuration: its anchors and value pattern as expressions. */
export interface CompiledField {
  field: OcrDataField;
  anchors: { label: string; re: RegExp }[];
  value: RegExp | null;
}

/** How far a value may lie from its anchor: the rest of the line, or the next lines when it ends there. */
const VALUE_LINE_MAX = 300;
const NEXT_LINES = 2;
/** Anchor occurrences tried per field and document: a label printed on every line does not cost more. */
const OCCURRENCES_MAX = 200;

const builtin = (name: string) => BUILTIN_ARCHETYPES.find((b) => b.name === name)!.pattern;
/**
 * The built-in archetypes' expressions (nlu/builtins.ts). An amount is read as its number: the
 * currency is often printed apart from it, or in a column header.
 */
const TYPE_PATTERNS: Record<Exclude<OcrValueType, 'text'>, RegExp> = {
  number: builtin('number'),
  amount: builtin('number'),
  date: builtin('date'),
  email: builtin('email'),
  phone: builtin('phone'),
  iban: builtin('iban'),
};

/** Case, accents and ligatures folded one character at a time, so offsets carry over to the original. */
const foldChar = (c: string): string => {
  const folded = c.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return folded.length === 1 ? folded : c.toLowerCase().length === 1 ? c.toLowerCase() : c;
};

const fold = (text: string): string => {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // ASCII (most of any text) folds by itself; the rest one UTF-16 unit at a time keeps the length.
    out +=
      code < 128 ? (code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : text[i]) : foldChar(text[i]);
  }
  return out;
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The fields compiled: each anchor as a case- and accent-blind expression on whole words (any run of
 * spaces between its words), the value pattern with `compileSafeRegex`.
 *
 * @throws StopPipeline naming the field when its pattern is refused (the settings' check refuses it
 *   first), by code (`ocrDataPatternRefused`).
 */
export const compileFields = (settings: OcrDataSettings): CompiledField[] =>
  settings.fields.map((field) => {
    let value: RegExp | null = null;
    if (field.pattern) {
      try {
        value = compileSafeRegex(field.pattern, 'iu');
      } catch (error) {
        // By code, the safety check's words only as a technical detail: the console says it in the
        // user's language.
        throw new StopPipeline(
          traceMessage('ocrDataPatternRefused', { key: field.key, detail: (error as Error).message }),
        );
      }
    } else if (field.type !== 'text') value = TYPE_PATTERNS[field.type];
    const anchors = field.anchors
      .map((label) => label.trim())
      .filter(Boolean)
      .map((label) => ({
        label,
        re: new RegExp(
          `(?<![\\p{L}\\p{N}])${fold(label).split(/\s+/).map(escape).join('\\s+')}(?![\\p{L}\\p{N}])`,
          'gu',
        ),
      }));
    return { field, anchors, value };
  });

/** What follows an anchor: the rest of its line, or, when nothing is left on it, the next non-empty lines. */
const candidates = (text: string, from: number): { start: number; text: string }[] => {
  const lineEnd = (at: number) => {
    const end = text.indexOf('\n', at);
    return Math.min(end < 0 ? text.length : end, at + VALUE_LINE_MAX);
  };
  const rest = text.slice(from, lineEnd(from));
  const skipped = rest.match(/^[\s:=#\-–—.>|°№]*/u)![0].length;
  if (rest.length > skipped) return [{ start: from + skipped, text: rest.slice(skipped) }];
  const found: { start: number; text: string }[] = [];
  let at = text.indexOf('\n', from);
  while (at >= 0 && found.length < NEXT_LINES) {
    const start = at + 1;
    const end = lineEnd(start);
    const line = text.slice(start, end);
    if (line.trim())
      found.push({ start: start + (line.length - line.trimStart().length), text: line.trim() });
    at = text.indexOf('\n', start);
    if (start > from + VALUE_LINE_MAX * (NEXT_LINES + 1)) break;
  }
  return found;
};

/** The value in a candidate: the pattern's match (its first group when it has one), or the whole text. */
const valueIn = (
  compiled: CompiledField,
  candidate: { start: number; text: string },
): { value: string | number; start: number; end: number } | null => {
  const { field, value: pattern } = compiled;
  let raw: string;
  let start: number;
  if (!pattern) {
    raw = candidate.text.trimEnd();
    start = candidate.start;
  } else {
    pattern.lastIndex = 0;
    const m = pattern.exec(candidate.text);
    if (!m) return null;
    const group = m.length > 1 && m[1] !== undefined ? 1 : 0;
    raw = m[group];
    start = candidate.start + m.index + (group ? m[0].indexOf(m[1]) : 0);
  }
  if (!raw.trim()) return null;
  const value = field.type === 'number' || field.type === 'amount' ? parseNumber(raw) : raw.trim();
  if (value === undefined) return null;
  return { value, start, end: start + raw.length };
};

/**
 * Each field's first value in a document, page by page: after an occurrence of one of its anchors,
 * the first candidate its pattern accepts. Fields not found are left out.
 */
export const findInDocument = (fields: readonly CompiledField[], document: OcrDocument): OcrHit[] => {
  const hits: OcrHit[] = [];
  const pending = new Set(fields);
  let offset = 0;
  document.pages.forEach((page, index) => {
    if (pending.size) {
      const folded = fold(page.text);
      for (const compiled of [...pending]) {
        const hit = findOnPage(compiled, page.text, folded);
        if (hit) {
          pending.delete(compiled);
          const lineStart = page.text.lastIndexOf('\n', hit.start - 1) + 1;
          const lineEnd = page.text.indexOf('\n', hit.end);
          hits.push({
            key: compiled.field.key,
            value: hit.value,
            anchor: hit.anchor,
            page: index + 1,
            start: offset + hit.start,
            end: offset + hit.end,
            line: page.text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).slice(0, VALUE_LINE_MAX),
          });
        }
      }
    }
    offset += page.text.length + PAGE_SEPARATOR.length;
  });
  return hits;
};

const findOnPage = (compiled: CompiledField, text: string, folded: string) => {
  // The earliest anchor occurrence that has a value, whichever of the field's labels it is.
  let best: { value: string | number; start: number; end: number; anchor: string; at: number } | null = null;
  for (const { label, re } of compiled.anchors) {
    re.lastIndex = 0;
    let tried = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(folded)) && tried++ < OCCURRENCES_MAX) {
      if (best && m.index >= best.at) break;
      const found = candidates(text, m.index + m[0].length)
        .map((c) => valueIn(compiled, c))
        .find((v) => v !== null);
      if (found) {
        best = { ...found, anchor: label, at: m.index };
        break;
      }
    }
  }
  return best;
};
