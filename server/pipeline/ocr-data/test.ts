import type { OcrDataSettings } from '../../../schemas/ocr-data';
import { extract } from '../extractor/extract';
import type { ExtractorSettings } from '../extractor/settings';
import { warningsAnswer, type PipelineServices } from '../stage';
import type { TraceMessage } from '../../../schemas/trace-messages';
import { compileFields, findInDocument } from './find';
import { documentsOf } from './stage';

/** One document of the test file: what each field gave, or null where no anchor led to a value. */
export interface OcrDataTestDocument {
  filename: string;
  /** The attachment's position, or null for the file itself. */
  attachment: number | null;
  pages: number;
  /** Pages whose text was read by OCR. */
  ocrPages: number;
  fields: {
    key: string;
    value: string | number | null;
    anchor: string | null;
    page: number | null;
    line: string | null;
  }[];
}

export interface OcrDataTestOutcome {
  documents: OcrDataTestDocument[];
  warnings: string[];
  /** Each warning's code at its index (null: English words only). */
  warningMessages: (TraceMessage | null)[];
}

/**
 * The OCR data extraction test page's reading (run in a pipeline thread): the file read with the
 * environment's extractor settings, then every document its file names allow — whatever their
 * category, since no categorisation runs here — searched for each field.
 */
export const ocrDataTest = async (
  input: { kind: 'file'; filename: string; bytes: Uint8Array },
  extractorSettings: ExtractorSettings,
  settings: OcrDataSettings,
  services: PipelineServices,
  signal: AbortSignal,
): Promise<OcrDataTestOutcome> => {
  const fields = compileFields(settings);
  const { extraction, warnings } = await extract(input, extractorSettings, services, signal);
  const documents = documentsOf(input, extraction, null, settings).map((document) => {
    const hits = findInDocument(fields, document);
    return {
      filename: document.filename,
      attachment: document.source === 'message' ? null : document.source,
      pages: document.pages.length,
      ocrPages: document.pages.filter((p) => p.ocr).length,
      fields: settings.fields.map(({ key }) => {
        const hit = hits.find((h) => h.key === key);
        return hit
          ? { key, value: hit.value, anchor: hit.anchor, page: hit.page, line: hit.line }
          : { key, value: null, anchor: null, page: null, line: null };
      }),
    };
  });
  return { documents, ...warningsAnswer(warnings) };
};
