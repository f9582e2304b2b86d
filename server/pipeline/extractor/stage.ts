import type { Extraction } from '../../../schemas/analysis-result';
import { createHash } from 'node:crypto';
import type { Stage } from '../stage';
import { extract, type ExtractOutcome } from './extract';
import { sendsAttachmentFiles } from '../output/payload';
import { visionRuns } from '../vision/stage';
import type { ExtractorSettings } from './settings';

/** The same bytes read with the same settings give the same extraction. */
const cacheKey = (bytes: Uint8Array, settings: ExtractorSettings) =>
  createHash('sha256').update(bytes).update(JSON.stringify(settings)).digest('hex');

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const describe = (e: Extraction): string => {
  const parts: string[] = [];
  if (e.kind === 'email') parts.push(`Email read${e.message?.subject ? ` (“${e.message.subject}”)` : ''}`);
  else if (e.kind === 'plain') parts.push('Text read');
  else {
    const ocr = e.pages.filter((p) => p.ocr).length;
    parts.push(
      `${e.kind[0].toUpperCase()}${e.kind.slice(1)} read: ${plural(e.pages.length, 'page')}${ocr ? `, ${ocr} by OCR` : ''}`,
    );
  }
  if (e.attachments.length > 0) {
    const failed = e.attachments.filter((a) => a.error).length;
    parts.push(`${plural(e.attachments.length, 'attachment')}${failed ? ` (${failed} unreadable)` : ''}`);
  }
  parts.push(plural(e.blocks.length, 'text block'));
  return parts.join(', ');
};

/** The extractor step: the input's text, headers, attachments and blocks (DESIGN.md §6). */
export const extractorStage: Stage = {
  step: 'extractor',
  skipReason: ({ config }) => (config.extractor.enabled ? null : 'The extractor module is disabled'),
  run: async ({ input, config, services, signal, result, work }) => {
    // The cache keeps what was read, not the files: an output that sends them, or a vision engine
    // that looks at them, reads the input again.
    const keepFiles = sendsAttachmentFiles(config) || visionRuns(config);
    const cache =
      config.extractor.useCache && input.kind === 'file' && !keepFiles ? services.extractionCache : undefined;
    const key = cache && input.kind === 'file' ? cacheKey(input.bytes, config.extractor) : '';
    const cached = cache ? await cache.get(key) : undefined;
    const { extraction, warnings, files }: ExtractOutcome =
      cached ?? (await extract(input, config.extractor, services, signal, { keepFiles }));
    if (cache && !cached) await cache.set(key, { extraction, warnings });
    result.extraction = extraction;
    if (files) work.attachmentFiles = files;
    const attachmentWarnings = extraction.attachments.flatMap((a) => [
      ...(a.error ? [`${a.filename}: ${a.error}`] : []),
      ...a.warnings.map((w) => `${a.filename}: ${w}`),
    ]);
    return {
      summary: `${describe(extraction)}${cached ? ' (from the cache: this file was read before with these settings)' : ''}`,
      warnings: [...warnings, ...attachmentWarnings],
    };
  },
};
