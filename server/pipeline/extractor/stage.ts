import { traceList, traceMessage, type TraceMessage } from '../../../schemas/trace-messages';
import type { ExtractedAttachment, Extraction } from '../../../schemas/analysis-result';
import { createHash } from 'node:crypto';
import type { Stage, StageText } from '../stage';
import { extract, type ExtractOutcome } from './extract';
import { sendsAttachmentFiles } from '../output/payload';
import { visionRuns } from '../vision/stage';
import { DEFAULT_MAX_CHARACTERS, type ExtractorSettings } from './settings';

/** The same bytes read with the same settings, within the same bound, give the same extraction. */
const cacheKey = (bytes: Uint8Array, settings: ExtractorSettings, maxCharacters: number) =>
  createHash('sha256')
    .update(bytes)
    .update(JSON.stringify(settings))
    .update(` ${maxCharacters}`)
    .digest('hex');

const KINDS = {
  email: 'kindEmail',
  document: 'kindDocument',
  image: 'kindImage',
  spreadsheet: 'kindSpreadsheet',
  text: 'kindText',
  audio: 'kindAudio',
  plain: 'kindPlain',
} as const;

/** What was read, in parts: the input, its attachments, its text blocks. */
const describe = (e: Extraction): TraceMessage[] => {
  const parts: TraceMessage[] = [];
  if (e.kind === 'email')
    parts.push(
      e.message?.subject
        ? traceMessage('readEmailSubject', { subject: e.message.subject })
        : traceMessage('readEmail'),
    );
  else if (e.kind === 'plain') parts.push(traceMessage('readText'));
  else {
    const ocr = e.pages.filter((p) => p.ocr).length;
    const kind = traceList([traceMessage(KINDS[e.kind])]);
    parts.push(
      ocr
        ? traceMessage('readPagesOcr', { kind, smart_count: e.pages.length, ocr })
        : traceMessage('readPages', { kind, smart_count: e.pages.length }),
    );
  }
  if (e.attachments.length > 0) {
    const failed = e.attachments.filter((a) => a.error).length;
    parts.push(
      failed
        ? traceMessage('attachmentsUnreadable', { smart_count: e.attachments.length, failed })
        : traceMessage('attachments', { smart_count: e.attachments.length }),
    );
  }
  parts.push(traceMessage('textBlocks', { smart_count: e.blocks.length }));
  return parts;
};

/**
 * An attachment's error and warnings, each after its name: by code, or in English words only for
 * one cached before codes existed.
 */
const attachmentSays = ({ filename, error, warnings, messages }: ExtractedAttachment): StageText[] => {
  const said = (code: 'attachmentError' | 'attachmentWarning', words: string, coded?: TraceMessage | null) =>
    coded
      ? traceMessage(code, {
          filename,
          [code === 'attachmentError' ? 'error' : 'warning']: traceList([coded]),
        })
      : `${filename}: ${words}`;
  return [
    ...(error ? [said('attachmentError', error, messages?.error)] : []),
    ...warnings.map((w, i) => said('attachmentWarning', w, messages?.warnings[i])),
  ];
};

/** The extractor step: the input's text, headers, attachments and blocks (DESIGN.md §6). */
export const extractorStage: Stage = {
  step: 'extractor',
  skipReason: ({ config }) => (config.extractor.enabled ? null : traceMessage('extractorDisabled')),
  run: async ({ input, config, services, signal, result, work }) => {
    // The cache keeps what was read, not the files: an output that sends them, or a vision engine
    // that looks at them, reads the input again.
    const keepFiles = sendsAttachmentFiles(config) || visionRuns(config);
    const cache =
      config.extractor.useCache && input.kind === 'file' && !keepFiles ? services.extractionCache : undefined;
    const maxCharacters = config.maxCharacters ?? DEFAULT_MAX_CHARACTERS;
    const key = cache && input.kind === 'file' ? cacheKey(input.bytes, config.extractor, maxCharacters) : '';
    const cached = cache ? await cache.get(key) : undefined;
    const { extraction, warnings, files }: ExtractOutcome =
      cached ?? (await extract(input, config.extractor, services, signal, { keepFiles, maxCharacters }));
    if (cache && !cached) await cache.set(key, { extraction, warnings });
    result.extraction = extraction;
    if (files) work.attachmentFiles = files;
    const attachmentWarnings = extraction.attachments.flatMap(attachmentSays);
    return {
      summary: traceMessage(cached ? 'extractedCached' : 'extracted', {
        parts: traceList(describe(extraction)),
      }),
      warnings: [...warnings, ...attachmentWarnings],
    };
  },
};
