import { joinPages, type AnalysisResult } from '../../schemas/analysis-result';
import type { PipelineConfig, PipelineInput } from './stage';

/**
 * What a template reads of an analysis (docs/replies.md; docs/nlu.md, advanced categorisation): the
 * message, what the analysis found in it so far, and the input's metadata. Plain data only.
 */
export const analysisContext = (input: PipelineInput, config: PipelineConfig, result: AnalysisResult) => {
  const message = result.extraction?.message ?? null;
  const multiple = new Map(config.extraction.fields.map((f) => [f.name, f.multiple === true]));
  const data: Record<string, unknown> = {};
  for (const d of result.extractedData) {
    if (multiple.get(d.name)) ((data[d.name] ??= []) as unknown[]).push(d.value);
    else data[d.name] ??= d.value;
  }
  return {
    analysis: { id: result.id, name: input.name },
    language: result.language,
    subject: message?.subject ?? '',
    from: message?.from ?? null,
    to: message?.to ?? [],
    cc: message?.cc ?? [],
    date: message?.date ?? null,
    text: message ? message.text : result.extraction ? joinPages(result.extraction.pages) : '',
    categories: result.categories.map((c) => c.name),
    attachments: (result.extraction?.attachments ?? []).map((a) => ({
      filename: a.filename,
      categories: result.attachmentsCategories.filter((c) => c.attachment === a.index).map((c) => c.name),
    })),
    data,
    interactions: [...new Set(result.nlu.interactions.map((i) => i.name))],
    taints: result.taints ?? [],
    metadata: input.metadata,
  };
};
