import { inEnglish, type TraceMessage } from '../../../schemas/trace-messages';
import type { Address, ExtractedMessage, ExtractedPage, ThreadEntry } from '../../../schemas/analysis-result';
import type {
  AudioOptions,
  DocumentOptions,
  EmailOptions,
  ImageOptions,
  ParserFamily,
  SpreadsheetOptions,
  TextOptions,
} from '../../../schemas/extractor-settings';

/**
 * The contract every extractor parser follows. A parser turns the bytes of one file into text
 * pages, message fields (emails) and raw attachments. It does not recurse: the extractor stage
 * parses each attachment with the parser of its extension, so nesting limits live in one place.
 */
export interface Parser<F extends ParserFamily = ParserFamily> {
  family: F;
  /** Lower-case extensions, without the dot. */
  extensions: readonly string[];
  parse(input: ParseInput, context: ParseContext<F>): Promise<ParseOutput>;
}

export interface ParseInput {
  filename: string;
  bytes: Uint8Array;
}

export interface OptionsByFamily {
  email: EmailOptions;
  document: DocumentOptions;
  image: ImageOptions;
  spreadsheet: SpreadsheetOptions;
  text: TextOptions;
  audio: AudioOptions;
}

export interface ParseContext<F extends ParserFamily = ParserFamily> {
  options: OptionsByFamily[F];
  /** Aborted when the analysis is aborted or its time is up; long loops check it. */
  signal: AbortSignal;
  ocr: OcrEngine;
  /** Null when no speech endpoint is configured. */
  speech: SpeechEngine | null;
}

export interface OcrEngine {
  /** Reads the text of one image (PNG, JPEG, GIF, TIFF, BMP bytes). */
  recognize(image: Uint8Array, languages: string): Promise<{ text: string; confidence: number }>;
}

export interface SpeechEngine {
  transcribe(audio: Uint8Array, filename: string): Promise<{ text: string; language?: string }>;
}

/** A parser's pages and message fields are the result's own shapes (schemas/analysis-result.ts). */
export type ParsedPage = ExtractedPage;
export type MessageFields = ExtractedMessage;
export type { Address, ThreadEntry };

export interface RawAttachment {
  filename: string;
  mime: string;
  bytes: Uint8Array;
  inline: boolean;
  contentId?: string;
}

export interface ParseOutput {
  /** Only emails have message fields. */
  message?: MessageFields;
  pages: ParsedPage[];
  attachments: RawAttachment[];
  metadata: Record<string, string | number | boolean>;
  /** Partial results say what was left out (pages beyond the limit, an unreadable part…). */
  warnings: TraceMessage[];
}

/**
 * A parser's clear refusal: the message names the problem in words a user understands (never a
 * stack trace) and fails this file's analysis only.
 */
export class ParseError extends Error {
  constructor(
    message: string,
    readonly code: string = 'PARSE_FAILED',
    /** The message by code (schemas/trace-messages.ts): the console says it in the reader's language. */
    readonly trace?: TraceMessage,
  ) {
    super(message);
    this.name = 'ParseError';
  }
}

/**
 * A parser's refusal said by code: its English message is the code's sentence.
 *
 * @example
 * throw parseFailure('PDF_ENCRYPTED', traceMessage('parsePdfEncrypted'));
 */
export const parseFailure = (code: string, trace: TraceMessage) =>
  new ParseError(inEnglish(trace), code, trace);
