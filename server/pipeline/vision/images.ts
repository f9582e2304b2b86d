import type { Extraction } from '../../../schemas/analysis-result';
import { traceMessage, type TraceMessage } from '../../../schemas/trace-messages';
import { mimeOf } from '../extractor/parsers/media-types';
import { renderPdfPages } from '../extractor/parsers/pdf';
import type { PipelineInput, PipelineWork } from '../stage';

/** What a vision model is sent at most: pages beyond are named in a warning. */
export const VISION_BOUNDS = { images: 8, imageBytes: 20 * 1024 * 1024, textCharacters: 20_000 } as const;

/** The image types the chat-completions protocol accepts as they are. */
const SENT_AS_IS = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export interface VisionImage {
  /** Where it comes from, for the trace: the input, or an attachment's file name, and the page. */
  label: string;
  dataUrl: string;
}

interface Source {
  name: string;
  bytes: Uint8Array;
}

/**
 * The images of the analysed pages (DESIGN.md §6, vision engine): an image input as it is, a PDF's
 * pages rendered like the OCR renders them, and for an email the same from its attachments; at most
 * VISION_BOUNDS.images images and imageBytes bytes. Other files (Office documents, spreadsheets)
 * give no image: the model reads their text. Answers the images and what was left out, by code.
 */
export const visionImages = async (
  input: PipelineInput,
  extraction: Extraction | null,
  work: PipelineWork,
  signal: AbortSignal,
): Promise<{ images: VisionImage[]; warnings: TraceMessage[] }> => {
  const sources: Source[] = [];
  if (input.kind === 'file' && extraction?.kind !== 'email')
    sources.push({ name: input.filename, bytes: input.bytes });
  for (const attachment of extraction?.attachments ?? []) {
    const bytes = work.attachmentFiles?.[attachment.index];
    if (bytes) sources.push({ name: attachment.filename, bytes });
  }
  const images: VisionImage[] = [];
  const warnings: TraceMessage[] = [];
  let bytes = 0;
  let leftOut = 0;
  const add = (label: string, image: Uint8Array, mime: string) => {
    if (images.length >= VISION_BOUNDS.images || bytes + image.length > VISION_BOUNDS.imageBytes) {
      leftOut += 1;
      return;
    }
    bytes += image.length;
    images.push({ label, dataUrl: `data:${mime};base64,${Buffer.from(image).toString('base64')}` });
  };
  for (const source of sources) {
    const mime = mimeOf(source.name);
    if (SENT_AS_IS.has(mime)) add(source.name, source.bytes, mime);
    else if (mime === 'application/pdf') {
      const room = VISION_BOUNDS.images - images.length;
      try {
        const { images: pages, pageCount } = await renderPdfPages(source.bytes, Math.max(room, 0), signal);
        pages.forEach((page, n) => add(`${source.name}, page ${n + 1}`, page, 'image/png'));
        leftOut += pageCount - pages.length;
      } catch (error) {
        if (signal.aborted) throw error;
        // pdf.js's words are only the technical detail.
        warnings.push(
          traceMessage('visionPagesNotRendered', { filename: source.name, detail: (error as Error).message }),
        );
      }
    }
  }
  if (leftOut > 0)
    warnings.push(
      traceMessage('visionImagesNotSent', {
        smart_count: leftOut,
        images: VISION_BOUNDS.images,
        megabytes: VISION_BOUNDS.imageBytes / 1024 / 1024,
      }),
    );
  return { images, warnings };
};

/** The text the extractor read, for the model to read beside the images, cut at VISION_BOUNDS.textCharacters. */
export const visionText = (
  input: PipelineInput,
  extraction: Extraction | null,
): { text: string; cut: boolean } => {
  const parts =
    input.kind === 'text' && !extraction
      ? [input.text]
      : extraction
        ? [
            extraction.message?.subject ? `Subject: ${extraction.message.subject}` : '',
            extraction.message ? extraction.message.text : extraction.pages.map((p) => p.text).join('\n\n'),
            ...extraction.attachments.map((a) =>
              a.pages.length ? `Attachment ${a.filename}:\n${a.pages.map((p) => p.text).join('\n\n')}` : '',
            ),
          ]
        : [];
  const text = parts.filter((p) => p.trim()).join('\n\n');
  return text.length > VISION_BOUNDS.textCharacters
    ? { text: text.slice(0, VISION_BOUNDS.textCharacters), cut: true }
    : { text, cut: false };
};
