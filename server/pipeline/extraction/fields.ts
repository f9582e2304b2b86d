import type { AnalysisResult, ExtractedDatum, TextSource } from '../../../schemas/analysis-result';
import { textOf } from '../../../schemas/analysis-result';
import { traceMessage, type TraceMessage } from '../../../schemas/trace-messages';
import { archetypeHits, matchArchetypes } from '../nlu/archetype-matches';
import { BUILTIN_ARCHETYPES, type BuiltinArchetype } from '../nlu/builtins';
import type { CompiledNlu } from '../nlu/compile';
import { parseNumber } from '../nlu/functions';
import { scanNearDigits } from '../nlu/digit-scan';
import { compileSafeRegex } from '../nlu/regex-safety';
import { tokenise } from '../nlu/text';

/**
 * An information extraction field (DESIGN.md §6): where its value comes from — an interaction's
 * parameter, an archetype's matches, a regular expression (its first group when it has one), or a
 * built-in archetype — its type, and whether every value is kept or only the first.
 */
export interface ExtractionFieldDef {
  name: string;
  source: 'parameter' | 'archetype' | 'regex' | 'builtin';
  interaction?: string;
  parameter?: string;
  archetype?: string;
  pattern?: string;
  flags?: string;
  type: 'string' | 'number';
  multiple: boolean;
}

/** The texts fields read: the subject and the body (or the input's own pages). */
const MESSAGE_SOURCES: TextSource[] = ['subject', 'message'];

interface Found {
  value: string;
  source: TextSource;
  start: number;
  end: number;
}

const typed = (field: ExtractionFieldDef, value: string): string | number | undefined =>
  field.type === 'number' ? parseNumber(value) : value.trim();

/**
 * The extracted data of an analysis. `nlu` (a compiled server) is needed by archetype fields only.
 *
 * @example
 *   extractFields([{ name: 'amount', source: 'builtin', archetype: 'amount', type: 'number', multiple: false }], result, null);
 */
export const extractFields = (
  fields: ExtractionFieldDef[],
  result: AnalysisResult,
  nlu: CompiledNlu | null,
): { data: ExtractedDatum[]; warnings: TraceMessage[] } => {
  const extraction = result.extraction;
  if (!extraction) return { data: [], warnings: [] };
  const data: ExtractedDatum[] = [];
  const warnings: TraceMessage[] = [];
  const texts = MESSAGE_SOURCES.map((source) => ({ source, text: textOf(extraction, source) }));
  for (const field of fields) {
    let found: Found[] = [];
    let origin = '';
    if (field.source === 'parameter') {
      origin = `interaction ${field.interaction}, parameter ${field.parameter}`;
      found = result.nlu.interactions
        .filter((i) => i.name === field.interaction && typeof i.source !== 'number')
        .flatMap((i) =>
          (i.parameters[field.parameter ?? ''] ?? []).map((v) =>
            'start' in v
              ? { value: v.value, source: i.source, start: v.start, end: v.end }
              : { value: v.value, source: i.source, start: -1, end: -1 },
          ),
        );
    } else if (field.source === 'builtin') {
      const builtin = BUILTIN_ARCHETYPES.find((b) => b.name === field.archetype);
      origin = `built-in archetype ${field.archetype}`;
      if (!builtin)
        warnings.push(
          traceMessage('extractionNotBuiltin', { field: field.name, archetype: field.archetype ?? '' }),
        );
      else
        found = scanTexts(texts, field.multiple, (source, text, limit) =>
          scanBuiltin(builtin, source, text, limit),
        );
    } else if (field.source === 'regex') {
      origin = `regular expression /${field.pattern}/`;
      try {
        const re = fieldRegex(field.pattern ?? '', field.flags ?? '');
        found = scanTexts(texts, field.multiple, (source, text, limit) => scan(re, source, text, limit));
      } catch (error) {
        warnings.push(
          traceMessage('extractionRegexRefused', { field: field.name, detail: (error as Error).message }),
        );
      }
    } else {
      origin = `archetype ${field.archetype}`;
      const index = nlu?.archetypeIndex.get(field.archetype ?? '');
      if (!nlu || index === undefined)
        warnings.push(
          traceMessage('extractionArchetypeNotLoaded', {
            field: field.name,
            archetype: field.archetype ?? '',
          }),
        );
      else
        found = texts.flatMap(({ source, text }) => {
          const tokens = tokenise(text);
          const wanted = nlu.archetypes.map(() => false);
          for (const a of nlu.archetypes[index].closure) wanted[a] = true;
          return archetypeHits(nlu, matchArchetypes(nlu, text, tokens, wanted), index).map((h) => ({
            value: text.slice(h.start, h.end),
            source,
            start: h.start,
            end: h.end,
          }));
        });
    }
    for (const f of field.multiple ? found : found.slice(0, 1)) {
      const value = typed(field, f.value);
      if (value === undefined) continue;
      data.push({
        name: field.name,
        value,
        source: origin,
        span: f.start < 0 ? null : { source: f.source, start: f.start, end: f.end },
      });
    }
  }
  return { data, warnings };
};

/**
 * A field's expression, checked and compiled once per process, not once per analysis: the safety
 * check reads the whole pattern (milliseconds for a long one). A refused one throws each time.
 */
const compiledFields = new Map<string, RegExp | Error>();
const fieldRegex = (pattern: string, flags: string): RegExp => {
  const key = `${flags}/${pattern}`;
  let compiled = compiledFields.get(key);
  if (!compiled) {
    try {
      compiled = compileSafeRegex(pattern, flags);
    } catch (error) {
      compiled = error as Error;
    }
    if (compiledFields.size >= 1000) compiledFields.clear();
    compiledFields.set(key, compiled);
  }
  if (compiled instanceof Error) throw compiled;
  return compiled;
};

/**
 * The matches of the texts, in order; a field keeping one value stops at the first (the others
 * would be dropped).
 */
const scanTexts = (
  texts: { source: TextSource; text: string }[],
  multiple: boolean,
  scanOne: (source: TextSource, text: string, limit: number) => Found[],
): Found[] => {
  const found: Found[] = [];
  for (const { source, text } of texts) {
    // A loop, not a spread: a large text's matches are more than a call's arguments may be.
    for (const f of scanOne(source, text, multiple ? Infinity : 1)) found.push(f);
    if (!multiple && found.length > 0) break;
  }
  return found;
};

/** A match as a found value: its first group when it has one. */
const foundOf = (m: RegExpExecArray, source: TextSource): Found => {
  const value = m[1] ?? m[0];
  const start = m[1] === undefined ? m.index : m.index + m[0].indexOf(m[1]);
  return { value, source, start, end: start + value.length };
};

/** Every match of a regular expression (from its start), up to `limit`. */
const scan = (re: RegExp, source: TextSource, text: string, limit: number): Found[] => {
  const found: Found[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    if (found.push(foundOf(m, source)) >= limit) break;
  }
  return found;
};

/** Built-in patterns, sticky: tried only near digits when every match holds one. */
const stickyBuiltins = new Map<BuiltinArchetype, RegExp>();

/** The matches of a built-in archetype, up to `limit`: what `scan` finds, sooner for those with digits. */
const scanBuiltin = (builtin: BuiltinArchetype, source: TextSource, text: string, limit: number): Found[] => {
  if (builtin.digitWindow === undefined) return scan(builtin.pattern, source, text, limit);
  let sticky = stickyBuiltins.get(builtin);
  if (!sticky) {
    sticky = new RegExp(builtin.pattern.source, `${builtin.pattern.flags.replace('g', '')}y`);
    stickyBuiltins.set(builtin, sticky);
  }
  const found: Found[] = [];
  scanNearDigits(sticky, text, builtin.digitWindow, (m) => found.push(foundOf(m, source)) >= limit);
  return found;
};
