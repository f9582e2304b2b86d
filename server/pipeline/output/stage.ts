import { outputWarnings } from '../../../schemas/output';
import { moduleActive } from '../module-scope';
import type { PipelineConfig, Stage } from '../stage';
import { buildPayload, environmentCategoryNames, outputSettingsFor } from './payload';

const PARTS = {
  email: 'email headers',
  htmlBody: 'HTML body',
  attachments: 'attachments',
  categories: 'categories',
  attachmentsCategories: 'attachment categories',
  extractedData: 'extracted data',
  metadata: 'metadata',
  nlu: 'NLU output',
  reply: 'reply proposal',
  vision: 'vision engine output',
} as const;

const visionInPipeline = (config: PipelineConfig) =>
  Boolean(config.vision) && moduleActive(config, 'visionEngine');

const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/**
 * The output step (spec pipeline §3 "Output module flags", DESIGN.md §6): builds the payload an
 * integration receives into `result.output`, and warns about settings that make it useless (spec
 * §8) or name categories the environment does not have (spec §5).
 */
export const outputStage: Stage = {
  step: 'outputDelivery',
  skipReason: () => null,
  run: async ({ input, config, result, work }) => {
    const chosen = outputSettingsFor(config);
    // The vision engine's part is sent where the module is in the pipeline; elsewhere it could
    // only ever be null.
    const settings = { ...chosen, visionOutput: chosen.visionOutput && visionInPipeline(config) };
    const { payload, warnings } = buildPayload(input, result, settings, work.attachmentFiles);
    result.output = payload;
    const settingWarnings = outputWarnings(chosen, {
      categorizationActive: moduleActive(config, 'categorization'),
      categoryNames: environmentCategoryNames(config),
    }).map((w) => w.message);
    const parts = (Object.keys(PARTS) as (keyof typeof PARTS)[]).filter((key) => key in payload);
    return {
      summary:
        `Payload built (${size(Buffer.byteLength(JSON.stringify(payload)))}): ` +
        `${parts.length ? parts.map((p) => PARTS[p]).join(', ') : 'the analysis identity only'}. ` +
        (config.webhooks?.length
          ? `It is delivered to ${config.webhooks.length} webhook${config.webhooks.length > 1 ? 's' : ''} when the analysis ends`
          : 'No webhook is active in this environment to deliver it'),
      warnings: [...settingWarnings, ...warnings],
    };
  },
};
