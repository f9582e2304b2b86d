import { traceList, traceMessage } from '../../../schemas/trace-messages';
import { outputWarnings } from '../../../schemas/output';
import { moduleActive } from '../module-scope';
import type { PipelineConfig, Stage } from '../stage';
import { buildPayload, environmentCategoryNames, outputSettingsFor } from './payload';

const PARTS = {
  email: 'partEmail',
  htmlBody: 'partHtmlBody',
  attachments: 'partAttachments',
  categories: 'partCategories',
  attachmentsCategories: 'partAttachmentsCategories',
  extractedData: 'partExtractedData',
  metadata: 'partMetadata',
  nlu: 'partNlu',
  reply: 'partReply',
  vision: 'partVision',
} as const;

/** The output settings' warnings (schemas/output.ts `outputWarnings`) as trace codes. */
const SETTING_WARNINGS = {
  nothingSelected: 'outputNothingSelected',
  activateCategories: 'outputActivateCategories',
} as const;

const visionInPipeline = (config: PipelineConfig) =>
  Boolean(config.vision) && moduleActive(config, 'visionEngine');

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
    }).map((w) =>
      w.code === 'skipMismatch'
        ? traceMessage('outputSkipMismatch', { names: (w.names ?? []).join(', ') })
        : traceMessage(SETTING_WARNINGS[w.code]),
    );
    const parts = (Object.keys(PARTS) as (keyof typeof PARTS)[]).filter((key) => key in payload);
    return {
      summary: traceMessage('payloadBuilt', {
        size: { bytes: Buffer.byteLength(JSON.stringify(payload)) },
        parts: traceList(
          parts.length ? parts.map((p) => traceMessage(PARTS[p])) : [traceMessage('payloadIdentityOnly')],
        ),
        delivery: traceList([
          config.webhooks?.length
            ? traceMessage('payloadToWebhooks', { smart_count: config.webhooks.length })
            : traceMessage('payloadNoWebhook'),
        ]),
      }),
      warnings: [...settingWarnings, ...warnings],
    };
  },
};
