import { traceMessage } from '../../../schemas/trace-messages';
import { renderTemplate, TemplateError } from '../../templates/twig';
import type { PipelineConfig, Stage } from '../stage';
import { analysisContext } from '../template-context';
import { CodedError, countLlmTokens, StopPipeline } from '../stage';

/** The default reply template of the configuration, if there is one. */
export const defaultTemplate = (config: PipelineConfig) => config.reply.templates.find((t) => t.isDefault);

/**
 * The reply step (DESIGN.md §6): renders the environment's default template with the analysis
 * into `result.reply`. A template flagged LLM renders a prompt, and the LLM's answer is the draft.
 * No default template: no reply. An LLM template without an LLM endpoint skips the step with a
 * warning; the analysis goes on.
 */
export const replyStage: Stage = {
  step: 'replyTemplate',
  skipReason: ({ config }) => (defaultTemplate(config) ? null : traceMessage('noDefaultTemplate')),
  run: async ({ input, config, services, signal, result }) => {
    const template = defaultTemplate(config)!;
    const sources = Object.fromEntries(config.reply.templates.map((t) => [t.name, t.body]));
    let rendered: string;
    try {
      rendered = renderTemplate(template.name, sources, analysisContext(input, config, result));
    } catch (err) {
      if (err instanceof TemplateError)
        throw new StopPipeline(traceMessage('replyTemplateFailed', { detail: err.message }));
      throw err;
    }
    if (!template.llm) {
      result.reply = { template: template.name, text: rendered };
      return {
        summary: traceMessage('replyDrafted', { template: template.name, characters: rendered.length }),
      };
    }
    if (!services.llm) {
      const reason = traceMessage('replyNoLlm', { template: template.name });
      return { skipped: true, summary: reason, warnings: [reason] };
    }
    const answer = await services.llm.chat({ messages: [{ role: 'user', content: rendered }] }, signal);
    countLlmTokens(result, answer);
    const text = answer.content;
    if (text === null) throw new CodedError(traceMessage('llmNoMessage'));
    result.reply = { template: template.name, text, prompt: rendered };
    return {
      summary: traceMessage('replyDraftedByLlm', { template: template.name, characters: text.length }),
    };
  },
};
