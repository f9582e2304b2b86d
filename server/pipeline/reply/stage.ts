import { joinPages, type AnalysisResult } from '../../../schemas/analysis-result';
import { renderTemplate, TemplateError } from '../../templates/twig';
import type { PipelineConfig, PipelineInput, Stage } from '../stage';
import { StopPipeline } from '../stage';

/**
 * What a reply template reads (docs/replies.md): the message, what the analysis found in it, and
 * the input's metadata. Plain data only.
 */
export const replyContext = (input: PipelineInput, config: PipelineConfig, result: AnalysisResult) => {
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

/** The default reply template of the configuration, if there is one. */
export const defaultTemplate = (config: PipelineConfig) => config.reply.templates.find((t) => t.isDefault);

/**
 * The reply step (DESIGN.md §6): renders the environment's default template with the analysis
 * into `result.reply`. A template flagged LLM renders a prompt, and the LLM's answer is the draft.
 * No default template: no reply.
 */
export const replyStage: Stage = {
  step: 'replyTemplate',
  skipReason: ({ config }) =>
    defaultTemplate(config) ? null : 'No reply template is the default in this environment',
  run: async ({ input, config, services, signal, result }) => {
    const template = defaultTemplate(config)!;
    const sources = Object.fromEntries(config.reply.templates.map((t) => [t.name, t.body]));
    let rendered: string;
    try {
      rendered = renderTemplate(template.name, sources, replyContext(input, config, result));
    } catch (err) {
      if (err instanceof TemplateError) throw new StopPipeline(`The reply template failed: ${err.message}`);
      throw err;
    }
    if (!template.llm) {
      result.reply = { template: template.name, text: rendered };
      return {
        summary: `Reply drafted from the template '${template.name}' (${rendered.length} characters)`,
      };
    }
    if (!services.llm)
      throw new StopPipeline(
        `The template '${template.name}' is an LLM prompt, but no LLM is configured (LLM_BASE_URL)`,
      );
    const text = await services.llm.complete(rendered, signal);
    result.reply = { template: template.name, text, prompt: rendered };
    return {
      summary: `Reply drafted by the LLM from the template '${template.name}' (${text.length} characters)`,
    };
  },
};
