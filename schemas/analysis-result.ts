import type { ConsolidationOutput } from './consolidation';
import type { OcrFound } from './ocr-data';
import type { OutputPayload } from './output';
import type { PostProcessingOutcome } from './post-processing';
import type { TraceMessage } from './trace-messages';
import type { VisionOutput } from './vision';

/**
 * The result of an analysis (DESIGN.md §6), as the pipeline writes it, the API returns it and the
 * console shows it. Each stage (NLU, categorisation, …) adds its part here.
 */

export const ANALYSIS_STATUSES = ['waiting', 'pending', 'processed', 'error', 'aborted'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];
export const FINAL_STATUSES: readonly AnalysisStatus[] = ['processed', 'error', 'aborted'];

export const INPUT_TYPES = ['file', 'text', 'mail'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

/** The steps of spec pipeline-and-testing §3 "Analysis trace steps", in their order. */
export const TRACE_STEPS = [
  'source',
  'extractor',
  'nlu',
  'categorization',
  'ocrDataExtraction',
  'postProcessing',
  'visionEngine',
  'extraction',
  'replyTemplate',
  'consolidation',
  'outputDelivery',
] as const;
export type TraceStep = (typeof TRACE_STEPS)[number];

export interface TraceEntry {
  step: TraceStep;
  status: 'done' | 'skipped' | 'error' | 'aborted';
  /** ISO time the step started; null when it did not run. */
  start: string | null;
  durationMs: number;
  /** What the step did, or why it was skipped, in one English sentence (the API's language). */
  summary: string;
  warnings: string[];
  errors: string[];
  /**
   * The same by code (schemas/trace-messages.ts), for the console to say in the reader's language:
   * the summary's, and each warning's at its index (null: that warning has English words only).
   * Absent from results stored before codes existed.
   */
  messages?: {
    summary: TraceMessage | null;
    warnings: (TraceMessage | null)[];
    /** Each error's code at its index, when a parser said it by code (null: English words only). */
    errors?: (TraceMessage | null)[];
  };
}

export interface Address {
  name: string;
  address: string;
}

export interface ExtractedPage {
  text: string;
  /** True when the text was read by OCR. */
  ocr: boolean;
  /** What the page is, when it is not a numbered page: a sheet name, "slide 3", "notes". */
  label?: string;
  /**
   * The page's structure as plain HTML (headings, paragraphs, emphasis, lists, tables; text escaped,
   * none of the document's attributes), for the result's preview: a Word document's body.
   */
  html?: string;
}

/** An earlier message quoted in a body. */
export interface ThreadEntry {
  from: string | null;
  date: string | null;
  text: string;
}

export interface ExtractedMessage {
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  messageId: string | null;
  from: Address | null;
  to: Address[];
  cc: Address[];
  subject: string | null;
  /** ISO 8601, or null when missing or unreadable. */
  date: string | null;
  text: string;
  html: string | null;
  /** The earlier messages quoted in the body, newest first, when the conversation thread is asked for. */
  thread: ThreadEntry[];
}

export interface ExtractedAttachment {
  /** Position in the analysis (0-based, depth-first): the id used to download its source. */
  index: number;
  filename: string;
  mime: string;
  size: number;
  inline: boolean;
  /** The attachment it was found in (a forwarded message's files), when nested. */
  parent: number | null;
  pages: ExtractedPage[];
  metadata: Record<string, string | number | boolean>;
  warnings: string[];
  /** Why it could not be read; its pages are then empty. */
  error: string | null;
  /**
   * The same by code (schemas/trace-messages.ts), for the console to say in the reader's language:
   * each warning's at its index, and the error's. Absent from results stored before codes existed.
   */
  messages?: { warnings: TraceMessage[]; error: TraceMessage | null };
}

/**
 * A piece of text the language stages read: at most `charactersPerBlock` characters, given by its
 * offsets in its source's text (`sourceText`), so the result does not hold every text twice.
 */
export interface TextBlock {
  /** 'message', or the attachment's index. */
  source: 'message' | number;
  /** 1-based page of the source, when the blocks were split per page. */
  page: number | null;
  /** Offsets in the source's text. */
  start: number;
  end: number;
}

export interface Extraction {
  /** The input's kind once read: an email, or the family of the uploaded file. */
  kind: 'email' | 'document' | 'image' | 'spreadsheet' | 'text' | 'audio' | 'plain';
  message: ExtractedMessage | null;
  /** The pages of the input itself when it is not an email (a PDF, a sheet, pasted text). */
  pages: ExtractedPage[];
  metadata: Record<string, string | number | boolean>;
  attachments: ExtractedAttachment[];
  blocks: TextBlock[];
}

/** A text the language stages read: the subject, the body (or the input's pages), an attachment. */
export type TextSource = 'subject' | TextBlock['source'];

/** Words of a source that matched an archetype, chosen as a parameter's value. */
export interface MatchedValue {
  value: string;
  start: number;
  end: number;
  /** The archetype whose own term or expression matched (a sub-archetype of the parameter's, maybe). */
  archetype: string;
  /** The term, regular expression or built-in that matched. */
  via: string;
  /** True when a word matched within typo tolerance. */
  approximate: boolean;
}

/** A value an interaction function (copyParameter) took from another interaction. */
export interface CopiedValue {
  value: string;
  from: string;
}

export interface NluInteraction {
  name: string;
  context: string;
  server: string;
  source: TextSource;
  /** 1-based page of an attachment, when it has several. */
  page: number | null;
  start: number;
  end: number;
  text: string;
  parameters: Record<string, (MatchedValue | CopiedValue)[]>;
}

/**
 * Words an archetype matched, kept for a server with the labeling flag (spec pipeline §5): the
 * labelling view shows every archetype the server found, not only those its interactions used.
 */
export interface NluLabel extends Omit<MatchedValue, 'value'> {
  server: string;
  source: TextSource;
  page: number | null;
  text: string;
}

/** At most this many labels per analysis; the trace says when a text had more. */
export const NLU_LABELS_MAX = 2000;

export interface NluResult {
  servers: { name: string; language: string | null; startedForThisAnalysis: boolean }[];
  interactions: NluInteraction[];
  /** Present when a server with the labeling flag read the analysis. */
  labels?: NluLabel[];
}

/** Why a criterion held or not, with the interactions (indexes in `nlu.interactions`) it rests on. */
export interface CriterionTrace {
  /** In English (the API's language); `message` says it by code for the console. */
  description: string;
  message?: TraceMessage;
  held: boolean;
  interactions?: number[];
  children?: CriterionTrace[];
}

export interface CategoryExplanation {
  rule: string;
  category: string;
  priority: number;
  criteria: CriterionTrace;
}

export interface CategoryResult {
  name: string;
  kind: 'message';
  /** The rule that decided; null for the default category and NO_CATEGORY. */
  rule: string | null;
  taint: string | null;
  explanation: CategoryExplanation | null;
}

export interface AttachmentCategoryResult {
  attachment: number;
  filename: string;
  page: number | null;
  name: string;
  rule: string | null;
  taint: string | null;
  explanation: CategoryExplanation | null;
}

export interface ExtractedDatum {
  name: string;
  value: string | number;
  /** What found it: "interaction claim, parameter amount", "archetype date", "regex /…/". */
  source: string;
  span: { source: TextSource; start: number; end: number } | null;
  /** Set on the values the OCR data extraction found: where, next to which anchor. */
  ocr?: OcrFound;
  /** Set on the values a post-processing rule wrote (schemas/post-processing.ts): which rule. */
  postProcessed?: { rule: string };
}

/** The category given when no rule matched and the module has no default category. */
export const NO_CATEGORY = 'NO_CATEGORY';

export interface AnalysisResult {
  id: string;
  status: AnalysisStatus;
  language: string | null;
  extraction: Extraction | null;
  categories: CategoryResult[];
  attachmentsCategories: AttachmentCategoryResult[];
  extractedData: ExtractedDatum[];
  nlu: NluResult;
  /** Taints set by the rules that decided categories. */
  taints?: string[];
  /** The reply drafted from the default reply template; with an LLM template, the prompt it rendered. */
  reply?: { template: string; text: string; prompt?: string };
  /** What each post-processing rule did, in order (schemas/post-processing.ts). */
  postProcessing?: PostProcessingOutcome[];
  /** What the vision engine answered (schemas/vision.ts). */
  vision?: VisionOutput;
  /** What the consolidation posted, to which workflow (schemas/consolidation.ts). */
  consolidation?: ConsolidationOutput;
  /**
   * The LLM tokens the analysis used (the vision engine, an LLM reply template), as the endpoint
   * counted them; absent when no step called one. The organisation's consumption adds them up.
   */
  llmTokens?: number;
  /** The payload the output module built for integrations (schemas/output.ts). */
  output?: OutputPayload;
  deliveries: unknown[];
  exchangeLabels?: unknown;
  /** Why the analysis failed outside any step (its time limit, a lost original). */
  error?: string;
  /** The same by code, when it has one: the console says it in the reader's language. */
  errorMessage?: TraceMessage;
  trace: TraceEntry[];
}

/** Pages of one source are read as one text, a blank line between pages. */
export const PAGE_SEPARATOR = '\n\n';

export const joinPages = (pages: readonly ExtractedPage[]): string =>
  pages.map((p) => p.text).join(PAGE_SEPARATOR);

/** The text blocks of `source` are cut from: the message body (or the input's pages), or an attachment's pages. */
export const sourceText = (extraction: Extraction, source: TextBlock['source']): string => {
  if (source === 'message') return extraction.message ? extraction.message.text : joinPages(extraction.pages);
  const attachment = extraction.attachments.find((a) => a.index === source);
  return attachment ? joinPages(attachment.pages) : '';
};

/** The text of a source: the subject, or the text blocks are cut from. */
export const textOf = (extraction: Extraction, source: TextSource): string =>
  source === 'subject' ? (extraction.message?.subject ?? '') : sourceText(extraction, source);

/** The text of one block. */
export const blockText = (extraction: Extraction, block: TextBlock): string =>
  sourceText(extraction, block.source).slice(block.start, block.end);
