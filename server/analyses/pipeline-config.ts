import type { ExtractorSettingsInput } from '../../schemas/extractor-settings';
import type { Queryable } from '../kernel/db';
import { withDefaults, type ExtractorSettings } from '../pipeline/extractor/settings';
import type { PipelineConfig, WebhookTarget } from '../pipeline/stage';
import { environmentDocuments } from '../configuration/documents';
import { replyTemplateDef } from '../configuration/reply-template-rules';
import { languageConfig, readLanguageDocuments, withEdit, type DocumentEdit } from './language-config';
import { modulesOf, readModules, readSettingsRow, writeModules } from '../configuration/modules';
import { withModule } from '../../schemas/modules';
import { outputSettingsOf } from '../../schemas/output';
import { consolidationSettingsOf } from '../../schemas/consolidation';
import { postProcessingSettingsOf } from '../../schemas/post-processing';
import { readEnvironmentLlm } from '../configuration/environment-llm';
import { ocrDataSettingsOf } from '../../schemas/ocr-data';
import { visionSettingsOf } from '../../schemas/vision';

/**
 * Three extractor values are also environment content settings (spec pipeline §3 lists them in
 * both places): they are stored once, on the environment, and shown on both pages.
 */
export const SHARED_WITH_CONTENT_SETTINGS = ['charactersPerBlock', 'ocrMaxPages', 'ocrImages'] as const;

/** The extractor settings of an environment, defaults filled in, content settings applied. */
export const readExtractorSettings = async (
  q: Queryable,
  environmentId: string,
): Promise<ExtractorSettings> => (await readPipelineConfig(q, environmentId)).extractor;

const compose = (
  env: Record<string, unknown>,
  stored: ExtractorSettingsInput | undefined,
): ExtractorSettings => {
  const settings = withDefaults(stored);
  if (typeof env.splitCharacters === 'number') settings.formatter.charactersPerBlock = env.splitCharacters;
  if (typeof env.ocrMaxPages === 'number') settings.document.ocrMaxPages = env.ocrMaxPages;
  if (typeof env.ocrImages === 'boolean') settings.image.ocr = env.ocrImages;
  return settings;
};

/**
 * Writes extractor settings: the shared values onto the environment's content settings, the rest
 * in the extractor's own document.
 */
export const writeExtractorSettings = async (
  q: Queryable,
  environmentId: string,
  settings: ExtractorSettings,
): Promise<void> => {
  await q.query(
    `UPDATE environments SET settings = coalesce(settings, '{}'::jsonb) || $2::jsonb WHERE id = $1`,
    [
      environmentId,
      JSON.stringify({
        splitCharacters: settings.formatter.charactersPerBlock,
        ocrMaxPages: settings.document.ocrMaxPages,
        ocrImages: settings.image.ocr,
      }),
    ],
  );
  await q.query(
    `INSERT INTO extractor_settings (environment_id, settings) VALUES ($1, $2)
     ON CONFLICT (environment_id) DO UPDATE SET settings = EXCLUDED.settings, updated_at = now()`,
    [environmentId, JSON.stringify(settings)],
  );
  // `enabled` on the settings page adds the extractor to the pipeline or takes it out; its settings
  // stay (the modules page is where deactivating deletes them).
  const modules = await readModules(q, environmentId);
  const active = modules.some((m) => m.type === 'extractor');
  if (settings.enabled !== active)
    await writeModules(
      q,
      environmentId,
      settings.enabled
        ? withModule(modules, { type: 'extractor' })
        : modules.filter((m) => m.type !== 'extractor'),
    );
};

/** Everything the pipeline reads of an environment. */
export const readPipelineConfig = async (
  q: Queryable,
  environmentId: string,
  /** An unsaved document edit, as the impact preview reads the configuration it would make. */
  edit?: DocumentEdit,
): Promise<PipelineConfig> => {
  const row = await readSettingsRow(q, environmentId);
  const env = row?.settings ?? {};
  const modules = modulesOf(env, row?.extractor);
  // The module list says whether the extractor runs; its settings page shows it as `enabled`.
  const extractor = {
    ...compose(env, (row?.extractor ?? undefined) as ExtractorSettingsInput | undefined),
    enabled: modules.some((m) => m.type === 'extractor'),
  };
  const ownLlm = await readEnvironmentLlm(q, environmentId);
  return {
    modules,
    extractor,
    languages: Array.isArray(env.languages) ? (env.languages as string[]) : ['fr'],
    ...languageConfig(
      edit
        ? withEdit(await readLanguageDocuments(q, environmentId), edit)
        : await readLanguageDocuments(q, environmentId),
      env,
    ),
    reply: {
      templates: (await environmentDocuments(q, environmentId, 'reply-template')).map((d) =>
        replyTemplateDef(d.data),
      ),
    },
    output: outputSettingsOf(env.output),
    ...(modules.some((m) => m.type === 'visionEngine') ? { vision: visionSettingsOf(env.vision) } : {}),
    ...(modules.some((m) => m.type === 'ocrDataExtraction')
      ? { ocrData: ocrDataSettingsOf(env.ocrData) }
      : {}),
    ...(modules.some((m) => m.type === 'postProcessing')
      ? { postProcessing: postProcessingSettingsOf(env.postProcessing) }
      : {}),
    ...(modules.some((m) => m.type === 'consolidation')
      ? { consolidation: consolidationSettingsOf(env.consolidation) }
      : {}),
    ...(ownLlm ? { llm: ownLlm } : {}),
    webhooks: await q.query<WebhookTarget>(
      'SELECT id, type, format FROM webhooks WHERE environment_id = $1 AND active ORDER BY created_at',
      [environmentId],
    ),
  };
};
