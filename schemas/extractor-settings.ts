import type { FromSchema } from 'json-schema-to-ts';

/** File extensions the extractor accepts, per parser family (spec pipeline-and-testing §3). */
export const EXTENSIONS_BY_FAMILY = {
  email: ['msg', 'eml'],
  document: ['pdf', 'doc', 'docx', 'ppt', 'pptx', 'pptm', 'odp', 'odt'],
  image: ['jpg', 'jpeg', 'gif', 'png', 'tif', 'tiff'],
  spreadsheet: ['xls', 'xlsx', 'xlsm', 'ods'],
  text: ['html'],
  audio: ['mp3'],
} as const;

export type ParserFamily = keyof typeof EXTENSIONS_BY_FAMILY;
export type SupportedExtension = (typeof EXTENSIONS_BY_FAMILY)[ParserFamily][number];
export const SUPPORTED_EXTENSIONS = Object.values(EXTENSIONS_BY_FAMILY).flat() as SupportedExtension[];

/**
 * Characters of text the pipeline reads per analysis when the deployment does not say
 * (ANALYSIS_MAX_CHARACTERS; the server's configuration and the extractor share it): the input's text first, then its attachments' in their order; what is
 * beyond is left out with a warning (docs/security.md, 'Large inputs': the language stages take
 * 0.2 to 1 s per MB, depending on the configuration, so this keeps an analysis within seconds).
 */
export const DEFAULT_MAX_CHARACTERS = 2_000_000;

export const OCR_MODES = ['ON', 'OFF', 'AUTO'] as const;
/** Tesseract language data shipped with the product (offline, from npm). */
export const OCR_LANGUAGES = ['fra', 'eng'] as const;

const familySettings = {
  email: {
    type: 'object',
    additionalProperties: false,
    properties: {
      extractAttachments: { type: 'boolean', default: true },
      extractHtml: { type: 'boolean', default: true },
      conversationThread: { type: 'boolean', default: false },
      ignoredExtensions: {
        type: 'array',
        items: { type: 'string', pattern: '^[a-z0-9]{1,10}$' },
        default: [],
      },
      /** Headers kept in the result; empty keeps them all. Lower-case names. */
      headers: { type: 'array', items: { type: 'string', minLength: 1 }, default: [] },
    },
  },
  text: {
    type: 'object',
    additionalProperties: false,
    properties: { extractImages: { type: 'boolean', default: false } },
  },
  audio: {
    type: 'object',
    additionalProperties: false,
    properties: { transcript: { type: 'boolean', default: true } },
  },
  document: {
    type: 'object',
    additionalProperties: false,
    properties: {
      maxPages: { type: 'integer', minimum: 1, maximum: 5000, default: 200 },
      ocrMaxPages: { type: 'integer', minimum: 0, maximum: 1000, default: 10 },
      ocrMode: { type: 'string', enum: OCR_MODES, default: 'AUTO' },
      /** The OCR language data to read pages with. */
      ocrName: { type: 'string', enum: ['fra+eng', 'fra', 'eng'], default: 'fra+eng' },
    },
  },
  image: {
    type: 'object',
    additionalProperties: false,
    properties: {
      minWidth: { type: 'integer', minimum: 0, maximum: 10000, default: 50 },
      minHeight: { type: 'integer', minimum: 0, maximum: 10000, default: 50 },
      ocr: { type: 'boolean', default: true },
    },
  },
  spreadsheet: {
    type: 'object',
    additionalProperties: false,
    properties: {
      readVertically: { type: 'boolean', default: false },
      unmergeCells: { type: 'boolean', default: false },
      parseHiddenSheets: { type: 'boolean', default: false },
    },
  },
} as const;

/**
 * Extractor settings (spec pipeline-and-testing §3 "Extractor settings"): cache, the formatter that
 * cuts text into blocks, and one group of options per parser family, which an override may change
 * for one extension (say OCR mode ON for TIFF-only scans sent as PDF).
 */
export const extractorSettingsSchema = {
  $id: 'extractor-settings',
  type: 'object',
  additionalProperties: false,
  properties: {
    enabled: { type: 'boolean', default: true },
    useCache: { type: 'boolean', default: true },
    formatter: {
      type: 'object',
      additionalProperties: false,
      properties: {
        charactersPerBlock: { type: 'integer', minimum: 100, maximum: 1000000, default: 4000 },
        splitPerPage: { type: 'boolean', default: false },
        redundancy: { type: 'integer', minimum: 0, maximum: 10000, default: 0 },
      },
    },
    ...familySettings,
    overrides: {
      type: 'array',
      default: [],
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['extension'],
        properties: {
          extension: { type: 'string', enum: SUPPORTED_EXTENSIONS },
          ...familySettings,
        },
      },
    },
  },
} as const;

/**
 * The same schema without its `$id`: what validators compile (Ajv and Fastify refuse a second
 * schema under an id they already hold).
 */
const { $id: _id, ...extractorSettingsBody } = extractorSettingsSchema;
export const extractorSettingsBodySchema = extractorSettingsBody;

export type ExtractorSettingsInput = FromSchema<typeof extractorSettingsSchema>;
type FamilyProps = typeof familySettings;
type Resolved<P> = P extends { properties: infer Props }
  ? { -readonly [K in keyof Props]: Props[K] extends { default: infer D } ? Widen<D> : never }
  : never;
type Widen<D> = D extends boolean
  ? boolean
  : D extends number
    ? number
    : D extends readonly unknown[]
      ? string[]
      : D extends string
        ? string
        : D;

/** Options of one family with every default filled in. */
export type EmailOptions = Resolved<FamilyProps['email']>;
export type TextOptions = Resolved<FamilyProps['text']>;
export type AudioOptions = Resolved<FamilyProps['audio']>;
export type DocumentOptions = Resolved<FamilyProps['document']> & {
  ocrMode: (typeof OCR_MODES)[number];
};
export type ImageOptions = Resolved<FamilyProps['image']>;
export type SpreadsheetOptions = Resolved<FamilyProps['spreadsheet']>;

/** Extractor settings with every default filled in (what the stage reads). */
export interface ExtractorSettings {
  enabled: boolean;
  useCache: boolean;
  formatter: { charactersPerBlock: number; splitPerPage: boolean; redundancy: number };
  email: EmailOptions;
  text: TextOptions;
  audio: AudioOptions;
  document: DocumentOptions;
  image: ImageOptions;
  spreadsheet: SpreadsheetOptions;
  overrides: ({ extension: string } & {
    email?: Partial<EmailOptions>;
    text?: Partial<TextOptions>;
    audio?: Partial<AudioOptions>;
    document?: Partial<DocumentOptions>;
    image?: Partial<ImageOptions>;
    spreadsheet?: Partial<SpreadsheetOptions>;
  })[];
}

export const DEFAULT_EXTRACTOR_SETTINGS: ExtractorSettings = {
  enabled: true,
  useCache: true,
  formatter: { charactersPerBlock: 4000, splitPerPage: false, redundancy: 0 },
  email: {
    extractAttachments: true,
    extractHtml: true,
    conversationThread: false,
    ignoredExtensions: [],
    headers: [],
  },
  text: { extractImages: false },
  audio: { transcript: true },
  document: { maxPages: 200, ocrMaxPages: 10, ocrMode: 'AUTO', ocrName: 'fra+eng' },
  image: { minWidth: 50, minHeight: 50, ocr: true },
  spreadsheet: { readVertically: false, unmergeCells: false, parseHiddenSheets: false },
  overrides: [],
};
