/**
 * The vision engine module (spec pipeline §3 "Vision engine", §4 "Vision engine type", DESIGN.md
 * §6): a prompt sent with the images of the analysed pages to an OpenAI-compatible chat endpoint.
 * `custom` keeps the model's free answer; `strict_classification` asks for one of the declared
 * category keys and `strict_extraction` for the declared fields, both as structured output, and
 * accept nothing else. Shared by the engine, the API and the console.
 */

import { DETAIL_MESSAGES_EN, fillTemplate } from './detail-messages';

export const VISION_TYPES = ['custom', 'strict_classification', 'strict_extraction'] as const;
export type VisionType = (typeof VISION_TYPES)[number];

/** A declared category or extraction field: the key the model must answer, and what it means. */
export interface VisionKey {
  key: string;
  description: string;
}

export interface VisionSettings {
  /** Off: the module stays in the pipeline with its settings, and its step is skipped. */
  active: boolean;
  type: VisionType;
  /** What the model is asked; for the strict types, added to the instructions that list the keys. */
  prompt: string;
  /** The categories a strict classification chooses from. */
  categories: VisionKey[];
  /** The fields a strict extraction fills. */
  fields: VisionKey[];
}

export const DEFAULT_VISION: VisionSettings = {
  active: true,
  type: 'custom',
  prompt: '',
  categories: [],
  fields: [],
};

/** A key the model can answer as a JSON property name and a client can read back unchanged. */
export const VISION_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,63}$';
export const VISION_LIMITS = { prompt: 20_000, description: 500, keys: 100 } as const;

const keySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['key'],
  properties: {
    key: { type: 'string', pattern: VISION_KEY_PATTERN },
    description: { type: 'string', maxLength: VISION_LIMITS.description },
  },
} as const;

/** The JSON schema of `settings.vision` on the environment. */
export const visionSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    active: { type: 'boolean' },
    type: { type: 'string', enum: VISION_TYPES },
    prompt: { type: 'string', maxLength: VISION_LIMITS.prompt },
    categories: { type: 'array', maxItems: VISION_LIMITS.keys, items: keySchema },
    fields: { type: 'array', maxItems: VISION_LIMITS.keys, items: keySchema },
  },
  default: DEFAULT_VISION,
} as const;

const keysOf = (value: unknown): VisionKey[] =>
  Array.isArray(value)
    ? value
        .filter((k): k is { key: string; description?: unknown } => typeof k?.key === 'string')
        .map((k) => ({ key: k.key, description: typeof k.description === 'string' ? k.description : '' }))
    : [];

/** Stored settings with the defaults filled in: whatever an older or hand-edited record lacks. */
export const visionSettingsOf = (stored: unknown): VisionSettings => {
  const s = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<VisionSettings>;
  return {
    active: typeof s.active === 'boolean' ? s.active : DEFAULT_VISION.active,
    type: VISION_TYPES.includes(s.type as VisionType) ? (s.type as VisionType) : DEFAULT_VISION.type,
    prompt: typeof s.prompt === 'string' ? s.prompt : '',
    categories: keysOf(s.categories),
    fields: keysOf(s.fields),
  };
};

export type VisionProblem =
  | { code: 'promptRequired'; path: 'prompt'; message: string }
  | { code: 'categoriesRequired'; path: 'categories'; message: string }
  | { code: 'fieldsRequired'; path: 'fields'; message: string }
  | { code: 'badKey'; path: string; message: string; key: string }
  | { code: 'duplicateKey'; path: string; message: string; key: string };

const keyPattern = new RegExp(VISION_KEY_PATTERN);

/**
 * Why these settings cannot run, each on its field: a custom prompt left empty, a strict type with
 * nothing to choose or fill, a key that is not a plain name or is declared twice. The console shows
 * them as the user types; the server refuses a save that has any.
 */
export const visionProblems = (settings: VisionSettings): VisionProblem[] => {
  const problems: VisionProblem[] = [];
  if (settings.type === 'custom' && !settings.prompt.trim())
    problems.push({
      code: 'promptRequired',
      path: 'prompt',
      message: 'A custom vision engine needs a prompt',
    });
  if (settings.type === 'strict_classification' && !settings.categories.length)
    problems.push({
      code: 'categoriesRequired',
      path: 'categories',
      message: 'A strict classification needs at least one category',
    });
  if (settings.type === 'strict_extraction' && !settings.fields.length)
    problems.push({
      code: 'fieldsRequired',
      path: 'fields',
      message: 'A strict extraction needs at least one field',
    });
  for (const list of ['categories', 'fields'] as const) {
    const seen = new Set<string>();
    settings[list].forEach(({ key }, index) => {
      const path = `${list}.${index}.key`;
      if (!keyPattern.test(key))
        problems.push({
          code: 'badKey',
          path,
          key,
          message: fillTemplate(DETAIL_MESSAGES_EN.settingsKeyInvalid, { key }),
        });
      else if (seen.has(key))
        problems.push({
          code: 'duplicateKey',
          path,
          key,
          message: fillTemplate(DETAIL_MESSAGES_EN.settingsKeyTwice, { key }),
        });
      seen.add(key);
    });
  }
  return problems;
};

/**
 * What the vision engine gave an analysis (`result.vision`, and the payload's `vision` when the
 * output module's flag is on): the category key of a strict classification, the fields of a strict
 * extraction (null where the pages do not say), or the free answer of a custom prompt.
 */
export interface VisionOutput {
  type: VisionType;
  model: string;
  /** How many page images were sent with the prompt. */
  images: number;
  category?: string;
  data?: Record<string, string | null>;
  text?: string;
}
