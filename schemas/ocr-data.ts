import { DETAIL_MESSAGES_EN, fillTemplate, type CodedDetail } from './detail-messages';

/**
 * The OCR data extraction module (spec pipeline §3 "OCR data extraction: category, documents,
 * fields", DESIGN.md §6): on the documents of one category, fields found next to their anchor
 * labels in the pages' text (read by OCR, or the text layer). A field is `{key, anchors, pattern,
 * type}`: the value is what follows an anchor on its line (or the next line when the anchor ends
 * its line), narrowed by the field's pattern, or by its type's pattern. Shared by the engine, the
 * API and the console.
 */

/** What a value is: its type's pattern finds it after the anchor and numbers are read as numbers. */
export const OCR_VALUE_TYPES = ['text', 'number', 'amount', 'date', 'email', 'phone', 'iban'] as const;
export type OcrValueType = (typeof OCR_VALUE_TYPES)[number];

export interface OcrDataField {
  /** The name the value gets in the analysis's extracted data. */
  key: string;
  /** The labels printed before the value ("Total TTC", "Montant dû"); case and accents ignored. */
  anchors: string[];
  /** A regular expression the value must match (its first group when it has one); empty: the type's. */
  pattern: string;
  type: OcrValueType;
}

export interface OcrDataSettings {
  /** The category of the documents read (an attachment's category, or a document input's); empty: every document. */
  category: string;
  /** File name patterns of the documents read (`*` any characters, `?` one); empty: every file of the category. */
  documents: string[];
  fields: OcrDataField[];
}

export const DEFAULT_OCR_DATA: OcrDataSettings = { category: '', documents: [], fields: [] };

/** A key a client reads back unchanged: the same rule as the vision engine's. */
export const OCR_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,63}$';
export const OCR_DATA_LIMITS = {
  fields: 100,
  anchors: 20,
  anchor: 100,
  pattern: 500,
  documents: 50,
  document: 100,
  category: 100,
} as const;

const fieldSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['key'],
  properties: {
    key: { type: 'string', pattern: OCR_KEY_PATTERN },
    anchors: {
      type: 'array',
      maxItems: OCR_DATA_LIMITS.anchors,
      items: { type: 'string', maxLength: OCR_DATA_LIMITS.anchor },
    },
    pattern: { type: 'string', maxLength: OCR_DATA_LIMITS.pattern },
    type: { type: 'string', enum: OCR_VALUE_TYPES },
  },
} as const;

/** The JSON schema of `settings.ocrData` on the environment. */
export const ocrDataSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    category: { type: 'string', maxLength: OCR_DATA_LIMITS.category },
    documents: {
      type: 'array',
      maxItems: OCR_DATA_LIMITS.documents,
      items: { type: 'string', maxLength: OCR_DATA_LIMITS.document },
    },
    fields: { type: 'array', maxItems: OCR_DATA_LIMITS.fields, items: fieldSchema },
  },
  default: DEFAULT_OCR_DATA,
} as const;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];

/** Stored settings with the defaults filled in: whatever an older or hand-edited record lacks. */
export const ocrDataSettingsOf = (stored: unknown): OcrDataSettings => {
  const s = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<OcrDataSettings>;
  return {
    category: typeof s.category === 'string' ? s.category : '',
    documents: strings(s.documents),
    fields: Array.isArray(s.fields)
      ? (
          s.fields.filter((f) => typeof f?.key === 'string') as (Partial<OcrDataField> & { key: string })[]
        ).map((f) => ({
          key: f.key,
          anchors: strings(f.anchors),
          pattern: typeof f.pattern === 'string' ? f.pattern : '',
          type: OCR_VALUE_TYPES.includes(f.type as OcrValueType) ? (f.type as OcrValueType) : 'text',
        }))
      : [],
  };
};

export type OcrDataProblem =
  | { code: 'fieldsRequired'; path: 'fields'; message: string }
  | { code: 'badKey'; path: string; message: string; key: string }
  | { code: 'duplicateKey'; path: string; message: string; key: string }
  | { code: 'anchorsRequired'; path: string; message: string; key: string }
  | { code: 'badPattern'; path: string; message: string; key: string; reason: string; refusal: CodedDetail }
  | { code: 'unknownCategory'; path: 'category'; message: string; category: string };

const keyPattern = new RegExp(OCR_KEY_PATTERN);

/**
 * Why these settings cannot run, each on its field: no field, a key that is not a plain name or is
 * declared twice, a field without an anchor, a pattern that is not a regular expression. `patternProblem`
 * is the server's full check (invalid, or at risk of catastrophic backtracking); the console passes a
 * compile check. `categories`, when given, are the environment's: a category it does not have is one
 * too. The console shows them as the user types; the server refuses a save that has any.
 */
export const ocrDataProblems = (
  settings: OcrDataSettings,
  patternProblem: (source: string) => CodedDetail | null,
  categories?: readonly string[],
): OcrDataProblem[] => {
  const problems: OcrDataProblem[] = [];
  if (categories && settings.category && !categories.includes(settings.category))
    problems.push({
      code: 'unknownCategory',
      path: 'category',
      category: settings.category,
      message: `There is no category '${settings.category}' in this environment`,
    });
  if (!settings.fields.length)
    problems.push({ code: 'fieldsRequired', path: 'fields', message: 'Declare at least one field to read' });
  const seen = new Set<string>();
  settings.fields.forEach(({ key, anchors, pattern }, index) => {
    const path = `fields.${index}`;
    if (!keyPattern.test(key))
      problems.push({
        code: 'badKey',
        path: `${path}.key`,
        key,
        message: fillTemplate(DETAIL_MESSAGES_EN.settingsKeyInvalid, { key }),
      });
    else if (seen.has(key))
      problems.push({
        code: 'duplicateKey',
        path: `${path}.key`,
        key,
        message: fillTemplate(DETAIL_MESSAGES_EN.settingsKeyTwice, { key }),
      });
    seen.add(key);
    if (!anchors.some((a) => a.trim()))
      problems.push({
        code: 'anchorsRequired',
        path: `${path}.anchors`,
        key,
        message: fillTemplate(DETAIL_MESSAGES_EN.settingsAnchorRequired, { key }),
      });
    const refusal = pattern ? patternProblem(pattern) : null;
    if (refusal) {
      // The reason by code (schemas/detail-messages.ts regex*), for the console; English here.
      const reason = fillTemplate(DETAIL_MESSAGES_EN[refusal.code], refusal.params);
      problems.push({
        code: 'badPattern',
        path: `${path}.pattern`,
        key,
        reason,
        refusal,
        message: fillTemplate(DETAIL_MESSAGES_EN.settingsPatternRefused, { key, reason }),
      });
    }
  });
  return problems;
};

/**
 * A compile check, for the console (the server also refuses expressions at risk of backtracking):
 * the browser's words are only the refusal's technical detail.
 */
export const compilesAsRegex = (source: string): CodedDetail | null => {
  try {
    new RegExp(source, 'iu');
    return null;
  } catch (error) {
    return { code: 'regexInvalid', params: { source, detail: (error as Error).message } };
  }
};

/**
 * Whether a file name is one of the documents read: no pattern means every file; `*` stands for any
 * characters and `?` for one, case ignored.
 *
 * @example
 *   documentMatches(['facture*.pdf'], 'Facture-2024.PDF'); // true
 */
export const documentMatches = (patterns: readonly string[], filename: string): boolean => {
  const used = patterns.map((p) => p.trim()).filter(Boolean);
  if (!used.length) return true;
  return used.some((p) => {
    const source = p
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.');
    return new RegExp(`^${source}$`, 'is').test(filename);
  });
};

/** Where an OCR data value was found: the document, its anchor, its page (1-based) and its line. */
export interface OcrFound {
  document: string;
  anchor: string;
  page: number;
  line: string;
}
