import type { AnalysisResult } from '../../../schemas/analysis-result';
import {
  categoryNamesOf,
  DEFAULT_OUTPUT,
  type OutputPayload,
  type OutputSettings,
  type PayloadAttachment,
} from '../../../schemas/output';
import { traceMessage, type TraceMessage } from '../../../schemas/trace-messages';
import { moduleActive } from '../module-scope';
import type { PipelineConfig, PipelineInput } from '../stage';

/**
 * Attachment bytes a payload carries, all attachments together. Past it, an attachment is listed
 * without its data and a warning says so: a webhook body must stay deliverable.
 */
export const MAX_ATTACHMENT_DATA_BYTES = 10 * 1024 * 1024;

export const outputSettingsFor = (config: Pick<PipelineConfig, 'output'>): OutputSettings =>
  config.output ?? DEFAULT_OUTPUT;

/** Whether the extractor must keep the attachments' bytes for the output module. */
export const sendsAttachmentFiles = (config: Pick<PipelineConfig, 'modules' | 'output'>): boolean =>
  moduleActive(config, 'output') && outputSettingsFor(config).attachmentsData;

/** The categories the environment can give, for the categories-to-skip check (categoryNamesOf). */
export const environmentCategoryNames = ({ categorisation: c }: Pick<PipelineConfig, 'categorisation'>) =>
  categoryNamesOf({
    categories: c.categories.map((category) => category.name),
    defaults: [c.defaultCategory, c.defaultAttachmentCategory],
    advanced: Boolean(c.advancedTemplate),
  });

const attachmentsWithData = (
  result: AnalysisResult,
  files: readonly Uint8Array[] | undefined,
  warnings: TraceMessage[],
): PayloadAttachment[] => {
  let budget = MAX_ATTACHMENT_DATA_BYTES;
  return (result.extraction?.attachments ?? []).map((a) => {
    const bytes = files?.[a.index];
    const entry: PayloadAttachment = { fileName: a.filename, mime: a.mime, size: a.size, data: null };
    if (!bytes) warnings.push(traceMessage('payloadFileNotKept', { filename: a.filename }));
    else if (bytes.length > budget)
      warnings.push(
        traceMessage('payloadAttachmentsTooLarge', {
          filename: a.filename,
          megabytes: MAX_ATTACHMENT_DATA_BYTES / 1024 / 1024,
        }),
      );
    else {
      budget -= bytes.length;
      entry.data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64');
    }
    return entry;
  });
};

/**
 * The payload of an analysis under the output settings (spec pipeline §3 "Output module flags"):
 * its identity and status, then each selected part. Parts of an email (headers, HTML body) are
 * left out of other inputs. Categories named in `categories.skip` are not delivered. Its warnings
 * are by code (schemas/trace-messages.ts): the output step's trace keeps the English beside them.
 */
export const buildPayload = (
  input: PipelineInput,
  result: AnalysisResult,
  settings: OutputSettings,
  files?: readonly Uint8Array[],
): { payload: OutputPayload; warnings: TraceMessage[] } => {
  const warnings: TraceMessage[] = [];
  const payload: OutputPayload = {
    analysisId: result.id,
    name: input.name,
    // The output runs last, and only when every step before it succeeded.
    status: 'processed',
    language: result.language,
  };
  const message = result.extraction?.message;
  if (settings.emailHeaders && message)
    payload.email = {
      headers: message.headers,
      messageId: message.messageId,
      from: message.from,
      to: message.to,
      cc: message.cc,
      subject: message.subject,
      date: message.date,
    };
  if (settings.htmlBodies && message) payload.htmlBody = message.html;
  if (settings.attachmentsData) payload.attachments = attachmentsWithData(result, files, warnings);
  if (settings.categories.enabled) {
    const skip = new Set(settings.categories.skip);
    payload.categories = result.categories
      .filter((c) => !skip.has(c.name))
      .map((c) => ({ name: c.name, rule: c.rule, taint: c.taint }));
    payload.attachmentsCategories = result.attachmentsCategories
      .filter((c) => !skip.has(c.name))
      .map((c) => ({ fileName: c.filename, page: c.page, name: c.name, rule: c.rule }));
  }
  if (settings.extractedData)
    payload.extractedData = result.extractedData.map((d) => ({
      name: d.name,
      value: d.value,
      source: d.source,
    }));
  if (settings.metadata) payload.metadata = input.metadata;
  if (settings.nluOutput)
    payload.nlu = {
      interactions: result.nlu.interactions.map((i) => ({
        name: i.name,
        context: i.context,
        text: i.text,
        parameters: Object.fromEntries(
          Object.entries(i.parameters).map(([name, values]) => [name, values.map((v) => v.value)]),
        ),
      })),
    };
  if (settings.replyProposal)
    payload.reply = result.reply ? { template: result.reply.template, text: result.reply.text } : null;
  if (settings.visionOutput) payload.vision = result.vision ?? null;
  return { payload, warnings };
};
