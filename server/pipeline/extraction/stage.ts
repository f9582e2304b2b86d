import { traceMessage } from '../../../schemas/trace-messages';
import type { Stage, StageContext } from '../stage';
import { loadServer } from '../nlu/servers';
import { extractFields } from './fields';
import { inModuleContext } from '../module-scope';

/** The extracted data of an analysis, as the extraction step (and rules that test data) see it. */
export const extractedData = ({ config, result }: Pick<StageContext, 'config' | 'result'>) => {
  const server = config.nlu.servers[0];
  const needsNlu = config.extraction.fields.some((f) => f.source === 'archetype');
  return extractFields(
    config.extraction.fields,
    inModuleContext(config, 'extraction', result),
    needsNlu && server ? loadServer(server).compiled : null,
  );
};

/** The information extraction step: the fields of the extraction module, with their sources. */
export const extractionStage: Stage = {
  step: 'extraction',
  skipReason: ({ config, result }) =>
    config.extraction.fields.length === 0
      ? traceMessage('noExtractionField')
      : !result.extraction
        ? traceMessage('noExtractedText')
        : null,
  run: async (ctx) => {
    const { data, warnings } = extractedData(ctx);
    // The OCR data extraction's values, read before, stay with the fields'; a value a post-processing
    // rule wrote stands for its key.
    const kept = ctx.result.extractedData.filter((d) => d.ocr || d.postProcessed);
    const written = new Set(kept.filter((d) => d.postProcessed).map((d) => d.name));
    ctx.result.extractedData = [...data.filter((d) => !written.has(d.name)), ...kept];
    const names = [...new Set(data.map((d) => d.name))];
    return {
      summary: names.length
        ? traceMessage('valuesExtractedNamed', { smart_count: data.length, names: names.join(', ') })
        : traceMessage('valuesExtracted', { smart_count: data.length }),
      warnings,
    };
  },
};
