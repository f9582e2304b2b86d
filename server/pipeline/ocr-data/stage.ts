import { traceList, traceMessage } from '../../../schemas/trace-messages';
import type { AnalysisResult, ExtractedDatum, Extraction } from '../../../schemas/analysis-result';
import { documentMatches, type OcrDataSettings } from '../../../schemas/ocr-data';
import type { PipelineInput, Stage, StageText } from '../stage';
import { compileFields, findInDocument, type CompiledField, type OcrDocument } from './find';

/** Compiled once per configuration: the pipeline thread keeps configurations between analyses. */
const compiledFields = new WeakMap<OcrDataSettings, CompiledField[]>();
export const fieldsOf = (settings: OcrDataSettings): CompiledField[] => {
  let compiled = compiledFields.get(settings);
  if (!compiled) compiledFields.set(settings, (compiled = compileFields(settings)));
  return compiled;
};

/** Whether an input's own pages are a document (a PDF, an image, a sheet…), not an email or pasted text. */
const isDocumentInput = (extraction: Extraction) =>
  extraction.kind !== 'email' && extraction.kind !== 'plain';

/**
 * The documents of an analysis the settings' file names allow, each with its categories: an
 * attachment has its attachment categories, a document input has the message's.
 */
export const documentsOf = (
  input: Pick<Extract<PipelineInput, { kind: 'file' }>, 'kind' | 'filename'> | { kind: 'text' },
  extraction: Extraction,
  result: Pick<AnalysisResult, 'categories' | 'attachmentsCategories'> | null,
  settings: Pick<OcrDataSettings, 'documents'>,
): (OcrDocument & { categories: string[] })[] => {
  const documents: (OcrDocument & { categories: string[] })[] = [];
  if (
    input.kind === 'file' &&
    isDocumentInput(extraction) &&
    documentMatches(settings.documents, input.filename)
  )
    documents.push({
      source: 'message',
      filename: input.filename,
      pages: extraction.pages,
      categories: result?.categories.map((c) => c.name) ?? [],
    });
  for (const a of extraction.attachments)
    if (!a.error && a.pages.length && documentMatches(settings.documents, a.filename))
      documents.push({
        source: a.index,
        filename: a.filename,
        pages: a.pages,
        categories:
          result?.attachmentsCategories.filter((c) => c.attachment === a.index).map((c) => c.name) ?? [],
      });
  return documents;
};

/**
 * The OCR data extraction step (DESIGN.md §6): on the documents of the module's category, each
 * field's value next to its anchor. The values join the analysis's extracted data, marked `ocr`
 * with where they were read; an attachment's count as an attachment extraction in the testing
 * centre. A field not found is said in a warning, never invented.
 */
export const ocrDataStage: Stage = {
  step: 'ocrDataExtraction',
  skipReason: ({ config, result }) =>
    !config.ocrData
      ? traceMessage('ocrDataNotConfigured')
      : !config.ocrData.fields.length
        ? traceMessage('ocrDataNoField')
        : !result.extraction
          ? traceMessage('noExtractedText')
          : null,
  run: async ({ input, config, result }) => {
    const settings = config.ocrData!;
    const fields = fieldsOf(settings);
    const all = documentsOf(input, result.extraction!, result, settings);
    const documents = settings.category ? all.filter((d) => d.categories.includes(settings.category)) : all;
    const warnings: StageText[] = [];
    const categories = config.categorisation.categories;
    if (settings.category && !categories.some((c) => c.name === settings.category)) {
      // Deleted or renamed since: the analyses go on, and the trace says what to fix.
      const reason = traceMessage('ocrDataCategoryGone', { category: settings.category });
      return { skipped: true, summary: reason, warnings: [reason] };
    }
    if (!documents.length) {
      const reason = settings.category
        ? traceMessage('ocrDataNoDocumentOf', { category: settings.category })
        : traceMessage('ocrDataNoDocument');
      return { skipped: true, summary: reason, warnings: [] };
    }
    const data: ExtractedDatum[] = [];
    for (const document of documents) {
      const hits = findInDocument(fields, document);
      for (const hit of hits)
        data.push({
          name: hit.key,
          value: hit.value,
          source: `OCR data extraction, anchor '${hit.anchor}' in ${document.filename}`,
          span: { source: document.source, start: hit.start, end: hit.end },
          ocr: { document: document.filename, anchor: hit.anchor, page: hit.page, line: hit.line },
        });
      const missing = settings.fields.filter((f) => !hits.some((h) => h.key === f.key)).map((f) => f.key);
      if (missing.length)
        warnings.push(
          traceMessage('ocrDataNotFound', { document: document.filename, keys: missing.join(', ') }),
        );
    }
    result.extractedData.push(...data);
    return {
      summary: traceMessage('ocrDataRead', {
        smart_count: data.length,
        documents: traceList([traceMessage('documents', { smart_count: documents.length })]),
      }),
      warnings,
    };
  },
};
