import { NO_CATEGORY } from './analysis-result';
import type { VisionOutput } from './vision';

/**
 * The output module (spec pipeline §3 "Output module flags", DESIGN.md §6 "Output"): which parts of
 * an analysis its payload carries, the payload an integration receives, and the warnings of its
 * settings (spec §8: "the integration will have no effect", "activate categories in the Output
 * module"; spec §5: the categories-to-skip mismatch). Shared by the engine, the API and the console.
 */

export interface OutputSettings {
  /** The email's HTML body, as received (the text body is always there). */
  htmlBodies: boolean;
  /** Each attachment's file name and bytes, base64-encoded. */
  attachmentsData: boolean;
  /** The email's header fields. */
  emailHeaders: boolean;
  /** Message and attachment categories, less those named in `skip`. */
  categories: { enabled: boolean; skip: string[] };
  extractedData: boolean;
  /** The metadata the analysis was created with. */
  metadata: boolean;
  /** The interactions the NLU found. */
  nluOutput: boolean;
  /** The reply drafted by the reply generator. */
  replyProposal: boolean;
  /** What the vision engine answered. */
  visionOutput: boolean;
}

/** The flags, in the order the settings page lists them. */
export const OUTPUT_FLAGS = [
  'htmlBodies',
  'attachmentsData',
  'emailHeaders',
  'categories',
  'extractedData',
  'metadata',
  'nluOutput',
  'replyProposal',
  'visionOutput',
] as const satisfies readonly (keyof OutputSettings)[];
export type OutputFlag = (typeof OUTPUT_FLAGS)[number];

/** What a new output module delivers: the decisions, not the bulky parts. */
export const DEFAULT_OUTPUT: OutputSettings = {
  htmlBodies: false,
  attachmentsData: false,
  emailHeaders: false,
  categories: { enabled: true, skip: [] },
  extractedData: true,
  metadata: true,
  nluOutput: false,
  replyProposal: true,
  visionOutput: true,
};

/** The JSON schema of `settings.output` on the environment. */
export const outputSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    htmlBodies: { type: 'boolean' },
    attachmentsData: { type: 'boolean' },
    emailHeaders: { type: 'boolean' },
    categories: {
      type: 'object',
      additionalProperties: false,
      properties: {
        enabled: { type: 'boolean' },
        skip: { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 100 } },
      },
    },
    extractedData: { type: 'boolean' },
    metadata: { type: 'boolean' },
    nluOutput: { type: 'boolean' },
    replyProposal: { type: 'boolean' },
    visionOutput: { type: 'boolean' },
  },
  default: DEFAULT_OUTPUT,
} as const;

/** Stored settings with the defaults filled in: whatever an older or hand-edited record lacks. */
export const outputSettingsOf = (stored: unknown): OutputSettings => {
  const s = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<OutputSettings>;
  const flag = (key: Exclude<OutputFlag, 'categories'>) =>
    typeof s[key] === 'boolean' ? s[key] : DEFAULT_OUTPUT[key];
  const categories = (s.categories ?? {}) as Partial<OutputSettings['categories']>;
  return {
    htmlBodies: flag('htmlBodies'),
    attachmentsData: flag('attachmentsData'),
    emailHeaders: flag('emailHeaders'),
    categories: {
      enabled: typeof categories.enabled === 'boolean' ? categories.enabled : true,
      skip: Array.isArray(categories.skip) ? categories.skip.filter((c) => typeof c === 'string') : [],
    },
    extractedData: flag('extractedData'),
    metadata: flag('metadata'),
    nluOutput: flag('nluOutput'),
    replyProposal: flag('replyProposal'),
    visionOutput: flag('visionOutput'),
  };
};

/**
 * Every category an environment can give, for the categories-to-skip check: its categories, its
 * default categories and NO_CATEGORY; null when an advanced categorisation names its own.
 */
export const categoryNamesOf = (environment: {
  categories: readonly string[];
  defaults: readonly (string | null | undefined)[];
  advanced: boolean;
}): string[] | null =>
  environment.advanced
    ? null
    : [
        ...new Set([
          ...environment.categories,
          ...environment.defaults.filter((d): d is string => Boolean(d)),
          NO_CATEGORY,
        ]),
      ];

const isOn = (settings: OutputSettings, flag: OutputFlag) =>
  flag === 'categories' ? settings.categories.enabled : settings[flag];

export type OutputWarning =
  | { code: 'nothingSelected'; path: ''; message: string }
  | { code: 'activateCategories'; path: 'categories.enabled'; message: string }
  | { code: 'skipMismatch'; path: 'categories.skip'; message: string; names: string[] };

/**
 * What the settings page and the trace warn about: nothing selected; the categorization module
 * running while its categories are not delivered; categories to skip that no category of the
 * environment has (a typo, or a category since renamed or deleted). `categoryNames` are every
 * category the environment can give: its categories, default categories and NO_CATEGORY; null when
 * they cannot be known (an advanced categorisation writes its own).
 */
export const outputWarnings = (
  settings: OutputSettings,
  environment: { categorizationActive: boolean; categoryNames: readonly string[] | null },
): OutputWarning[] => {
  const warnings: OutputWarning[] = [];
  if (!OUTPUT_FLAGS.some((flag) => isOn(settings, flag)))
    warnings.push({
      code: 'nothingSelected',
      path: '',
      message: 'Nothing is selected in the output module: the integration will have no effect',
    });
  if (environment.categorizationActive && !settings.categories.enabled)
    warnings.push({
      code: 'activateCategories',
      path: 'categories.enabled',
      message:
        'The categorization module gives categories: activate categories in the Output module to deliver them',
    });
  const known = new Set(environment.categoryNames);
  const unknown =
    settings.categories.enabled && environment.categoryNames
      ? settings.categories.skip.filter((name) => !known.has(name))
      : [];
  if (unknown.length)
    warnings.push({
      code: 'skipMismatch',
      path: 'categories.skip',
      message: `Categories to skip that no category of this environment has: ${unknown.join(', ')}`,
      names: unknown,
    });
  return warnings;
};

/** An attachment in the payload; `data` is null when the file was over the payload's bound. */
export interface PayloadAttachment {
  fileName: string;
  mime: string;
  size: number;
  data?: string | null;
}

/**
 * What an integration receives for an analysis (the body a webhook posts): the analysis's identity
 * and status always, then each part its flag selects.
 */
export interface OutputPayload {
  analysisId: string;
  name: string;
  status: string;
  language: string | null;
  /** The email's header fields (emailHeaders); absent for a document or pasted text. */
  email?: {
    headers: Record<string, string>;
    messageId: string | null;
    from: { name: string; address: string } | null;
    to: { name: string; address: string }[];
    cc: { name: string; address: string }[];
    subject: string | null;
    date: string | null;
  };
  /** The email's HTML body (htmlBodies): null when it had none. */
  htmlBody?: string | null;
  attachments?: PayloadAttachment[];
  categories?: { name: string; rule: string | null; taint: string | null }[];
  attachmentsCategories?: { fileName: string; page: number | null; name: string; rule: string | null }[];
  extractedData?: { name: string; value: string | number; source: string }[];
  metadata?: Record<string, unknown>;
  nlu?: {
    interactions: { name: string; context: string; text: string; parameters: Record<string, string[]> }[];
  };
  reply?: { template: string; text: string } | null;
  /** What the vision engine answered (visionOutput): null when it did not run. */
  vision?: VisionOutput | null;
}
