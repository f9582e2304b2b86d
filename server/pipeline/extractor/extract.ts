import type {
  ExtractedAttachment,
  ExtractedPage,
  Extraction,
  TextBlock,
} from '../../../schemas/analysis-result';
import { SUPPORTED_EXTENSIONS } from '../../../schemas/extractor-settings';
import { traceOf, type PipelineServices, type StageText } from '../stage';
import { toBlocks } from './blocks';
import { parserFor } from './registry';
import {
  DEFAULT_MAX_CHARACTERS,
  extensionOf,
  familyOf,
  optionsFor,
  type ExtractorSettings,
} from './settings';
import { ParseError, parseFailure, type MessageFields, type ParseOutput, type RawAttachment } from './types';
import { inEnglish, traceList, traceMessage, type TraceMessage } from '../../../schemas/trace-messages';

/** Forwarded messages inside forwarded messages: deeper ones are listed, not read. */
const MAX_DEPTH = 3;
/** Attachments read per analysis, all levels together. */
const MAX_ATTACHMENTS = 1000;

/** What is left of an analysis's characters, and how many were left out. */
interface Budget {
  left: number;
  over: number;
}

/** A text within the budget: its beginning when the budget runs out in it, the rest counted as left out. */
const within = (budget: Budget, text: string): string => {
  if (text.length <= budget.left) {
    budget.left -= text.length;
    return text;
  }
  const kept = text.slice(0, budget.left);
  budget.over += text.length - budget.left;
  budget.left = 0;
  return kept;
};

/** Pages within the budget; the separators between pages are not counted. A cut page loses its HTML, which is whole. */
const pagesWithin = (budget: Budget, pages: ExtractedPage[]): ExtractedPage[] =>
  pages.map((p) => {
    const text = within(budget, p.text);
    if (text === p.text) return p;
    const { html: _whole, ...page } = p;
    return { ...page, text };
  });

/** The warning of a cut text, when there is one. */
const cutWarning = (budget: Budget, max: number): TraceMessage[] =>
  budget.over > 0 ? [traceMessage('warnTextCut', { max, left: budget.over })] : [];

export interface ExtractOutcome {
  extraction: Extraction;
  /** By code; a cached outcome stored before codes existed has English words only. */
  warnings: StageText[];
  /** The attachments' bytes by index, when asked for (`keepFiles`). */
  files?: Uint8Array[];
}

const MIME_EXTENSIONS: Record<string, string> = {
  'message/rfc822': 'eml',
  'application/vnd.ms-outlook': 'msg',
  'application/pdf': 'pdf',
};

/** The extension a file is read as: its name's, else the one its MIME type implies. */
const readAs = (filename: string, mime: string): string => {
  const ext = extensionOf(filename);
  if (familyOf(ext)) return ext;
  return MIME_EXTENSIONS[mime.toLowerCase()] ?? ext;
};

/** Parses one file with the parser of its extension; a clear error when none reads it. */
export const parseFile = async (
  filename: string,
  bytes: Uint8Array,
  settings: ExtractorSettings,
  services: PipelineServices,
  signal: AbortSignal,
  extension = extensionOf(filename),
): Promise<ParseOutput> => {
  const family = familyOf(extension);
  if (!family) {
    const supported = SUPPORTED_EXTENSIONS.join(', ');
    throw parseFailure(
      'UNSUPPORTED_EXTENSION',
      extension
        ? traceMessage('parseUnsupportedExtension', { extension, supported })
        : traceMessage('parseNoExtension', { supported }),
    );
  }
  if (bytes.length === 0) throw parseFailure('EMPTY_FILE', traceMessage('parseFileEmpty', { filename }));
  const parser = await parserFor(extension);
  // Some parsing libraries refuse Node's Buffer (pdf.js); every parser gets a plain Uint8Array.
  const plain = Buffer.isBuffer(bytes) ? new Uint8Array(bytes) : bytes;
  return parser.parse(
    { filename, bytes: plain },
    { options: optionsFor(settings, family, extension), signal, ocr: services.ocr, speech: services.speech },
  );
};

/** What a forwarded message reads as, as the page of an attachment. */
const messagePage = (m: MessageFields): ExtractedPage => ({
  text: [m.subject && `Subject: ${m.subject}`, m.from && `From: ${m.from.address}`, '', m.text]
    .filter((line) => line !== null && line !== undefined)
    .join('\n'),
  ocr: false,
});

/**
 * The extractor (DESIGN.md §6): reads the input with its parser, then each attachment with its
 * own, recursively for forwarded messages, and cuts every text into blocks. An attachment that
 * cannot be read carries its error and the rest of the analysis goes on. Of all the text, the
 * first `maxCharacters` are kept (the result's pages, message text and blocks are those), with a
 * warning saying how many were left out.
 */
export const extract = async (
  input:
    | { kind: 'text'; text: string; characters?: number }
    | { kind: 'file'; filename: string; bytes: Uint8Array },
  settings: ExtractorSettings,
  services: PipelineServices,
  signal: AbortSignal,
  {
    keepFiles = false,
    maxCharacters = DEFAULT_MAX_CHARACTERS,
  }: { keepFiles?: boolean; maxCharacters?: number } = {},
): Promise<ExtractOutcome> => {
  const warnings: TraceMessage[] = [];
  const budget: Budget = { left: maxCharacters, over: 0 };
  if (input.kind === 'text') {
    const pages = [{ text: within(budget, input.text), ocr: false }];
    // A text already cut before it came (PipelineInput's `characters`): the rest is left out too.
    budget.over += Math.max(0, (input.characters ?? 0) - input.text.length);
    warnings.push(...cutWarning(budget, maxCharacters));
    return {
      extraction: {
        kind: 'plain',
        message: null,
        pages,
        metadata: {},
        attachments: [],
        blocks: toBlocks('message', pages, settings.formatter),
      },
      warnings,
    };
  }
  const root = await parseFile(input.filename, input.bytes, settings, services, signal);
  warnings.push(...root.warnings);
  const attachments: ExtractedAttachment[] = [];
  const files: Uint8Array[] = [];
  const pending: { raw: RawAttachment; parent: number | null; depth: number }[] = root.attachments.map(
    (raw) => ({ raw, parent: null, depth: 1 }),
  );
  while (pending.length > 0) {
    const { raw, parent, depth } = pending.shift()!;
    if (attachments.length >= MAX_ATTACHMENTS) {
      warnings.push(traceMessage('warnAttachmentsLimit', { max: MAX_ATTACHMENTS, left: pending.length + 1 }));
      break;
    }
    if (signal.aborted) throw signal.reason;
    const index = attachments.length;
    // The attachment's warnings and error by code, beside their English (the API's).
    const coded: NonNullable<ExtractedAttachment['messages']> = { warnings: [], error: null };
    const attachment: ExtractedAttachment = {
      index,
      filename: raw.filename,
      mime: raw.mime,
      size: raw.bytes.length,
      inline: raw.inline,
      parent,
      pages: [],
      metadata: {},
      warnings: [],
      error: null,
      messages: coded,
    };
    const warn = (message: TraceMessage) => {
      attachment.warnings.push(inEnglish(message));
      coded.warnings.push(message);
    };
    attachments.push(attachment);
    if (keepFiles) files.push(raw.bytes);
    const extension = readAs(raw.filename, raw.mime);
    if (!familyOf(extension)) {
      warn(
        extension
          ? traceMessage('warnAttachmentUnsupported', { extension })
          : traceMessage('warnAttachmentNoExtension'),
      );
      continue;
    }
    try {
      const out = await parseFile(raw.filename, raw.bytes, settings, services, signal, extension);
      attachment.pages = out.message ? [messagePage(out.message)] : out.pages;
      attachment.metadata = out.metadata;
      out.warnings.forEach(warn);
      if (depth >= MAX_DEPTH && out.attachments.length > 0) {
        warn(traceMessage('warnAttachmentsTooDeep', { smart_count: out.attachments.length, max: MAX_DEPTH }));
      } else {
        pending.push(...out.attachments.map((r) => ({ raw: r, parent: index, depth: depth + 1 })));
      }
    } catch (error) {
      if (signal.aborted) throw error;
      // Said by code: a parser's refusal has its own; anything else is "It could not be read", with
      // the error's own code where it has one (an endpoint's failure), else its words as a detail.
      const carried = traceOf(error);
      const trace =
        (error instanceof ParseError ? carried : undefined) ??
        traceMessage('attachmentUnreadable', {
          detail: carried ? traceList([carried]) : error instanceof Error ? error.message : String(error),
        });
      attachment.error = inEnglish(trace);
      coded.error = trace;
    }
  }
  const kind = root.message ? 'email' : familyOf(extensionOf(input.filename))!;
  // A message's pages are not its result's (its text is): only what the result keeps is counted.
  const message = root.message && { ...root.message, text: within(budget, root.message.text) };
  const rootPages = message ? [] : pagesWithin(budget, root.pages);
  for (const a of attachments) a.pages = pagesWithin(budget, a.pages);
  warnings.push(...cutWarning(budget, maxCharacters));
  const pages = message ? [{ text: message.text, ocr: false }] : rootPages;
  const blocks: TextBlock[] = [
    ...toBlocks('message', pages, settings.formatter),
    ...attachments.flatMap((a) => toBlocks(a.index, a.pages, settings.formatter)),
  ];
  return {
    extraction: {
      kind,
      message: message ?? null,
      pages: rootPages,
      metadata: root.metadata,
      attachments,
      blocks,
    },
    warnings,
    ...(keepFiles ? { files } : {}),
  };
};
