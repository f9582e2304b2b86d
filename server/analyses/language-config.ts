import type { Queryable } from '../kernel/db';
import type { CategoryDef } from '../pipeline/categorisation/model';
import type { ExtractionFieldDef } from '../pipeline/extraction/fields';
import type {
  ArchetypeDef,
  ContextDef,
  InteractionDef,
  InteractionFunctionDef,
  ServerDef,
} from '../pipeline/nlu/model';
import type { ServerConfig } from '../pipeline/nlu/servers';
import type { PipelineConfig } from '../pipeline/stage';

/** The document resources the language stages read (schemas/*.schema.ts `$id`s). */
export const LANGUAGE_RESOURCES = [
  'archetype',
  'interaction',
  'interaction-function',
  'nlu-context',
  'nlu-server',
  'category',
  'extraction-field',
] as const;
export type LanguageResource = (typeof LANGUAGE_RESOURCES)[number];

interface DocumentRow extends Record<string, unknown> {
  resource: LanguageResource;
  id: string;
  data: Record<string, unknown>;
  updated_at: Date;
}

const list = <T>(rows: DocumentRow[], resource: LanguageResource): (T & { id: string })[] =>
  rows.filter((r) => r.resource === resource).map((r) => ({ ...(r.data as T), id: r.id }));

/** The NLU definitions of an environment, as they are stored (documents in creation order). */
export const readLanguageDocuments = (q: Queryable, environmentId: string) =>
  q.query<DocumentRow>(
    `SELECT resource, id, data, updated_at FROM resource_documents
     WHERE scope = 'environment' AND scope_id = $1 AND resource = ANY($2::text[])
     ORDER BY created_at, id`,
    [environmentId, LANGUAGE_RESOURCES],
  );

/** An unsaved edit of one document: its new data, replacing the stored one (`id`) or added (`id` null). */
export interface DocumentEdit {
  resource: LanguageResource;
  id: string | null;
  data: Record<string, unknown>;
}

/** The documents as they would be with the edit saved. */
export const withEdit = (rows: DocumentRow[], edit: DocumentEdit): DocumentRow[] => {
  const edited = {
    resource: edit.resource,
    id: edit.id ?? 'unsaved',
    data: edit.data,
    updated_at: new Date(),
  };
  return edit.id && rows.some((r) => r.id === edit.id && r.resource === edit.resource)
    ? rows.map((r) => (r.id === edit.id ? edited : r))
    : [...rows, edited];
};

const interactionDef = (i: Partial<InteractionDef> & { name: string }): InteractionDef => ({
  name: i.name,
  comment: i.comment,
  enabled: i.enabled !== false,
  ordered: i.ordered === true,
  distance: i.distance ?? -1,
  contexts: i.contexts ?? [],
  parameters: i.parameters ?? [],
  functions: i.functions ?? [],
});

/**
 * The NLU servers, categories and extraction fields of an environment, in the pipeline's shape.
 * A server's version changes whenever anything it compiles changes, so a worker compiles it again
 * exactly then.
 */
export const languageConfig = (
  rows: DocumentRow[],
  settings: Record<string, unknown>,
): Pick<PipelineConfig, 'nlu' | 'categorisation' | 'extraction'> => {
  const nluRows = rows.filter((r) => r.resource !== 'category' && r.resource !== 'extraction-field');
  const stamp = (r: DocumentRow) => r.updated_at.getTime();
  const sharedVersion = Math.max(0, ...nluRows.filter((r) => r.resource !== 'nlu-server').map(stamp));
  const archetypes = list<ArchetypeDef>(rows, 'archetype').map((a) => ({
    name: a.name,
    expressions: a.expressions ?? [],
    subArchetypes: a.subArchetypes ?? [],
  }));
  const interactions = list<InteractionDef>(rows, 'interaction').map(interactionDef);
  const functions = list<InteractionFunctionDef>(rows, 'interaction-function').map((f) => ({
    ...f,
    enabled: f.enabled !== false,
  }));
  const contexts = list<ContextDef>(rows, 'nlu-context').map((c) => ({
    name: c.name,
    languages: c.languages ?? [],
  }));
  const servers: ServerConfig[] = rows
    .filter((r) => r.resource === 'nlu-server')
    .map((r) => {
      const s = r.data as Partial<ServerDef> & { name: string; state?: string };
      return {
        id: r.id,
        version: `${stamp(r)}:${sharedVersion}`,
        state: s.state === 'started' ? 'started' : 'stopped',
        definitions: {
          archetypes,
          interactions,
          functions,
          contexts,
          server: {
            name: s.name,
            aiVersion: s.aiVersion ?? 'v4',
            defaultLanguage: s.defaultLanguage ?? 'fr',
            responseFormat: s.responseFormat ?? 'V4',
            labeling: s.labeling === true,
            multipleInteractions: s.multipleInteractions !== false && settings.multiInteraction !== false,
            contexts: s.contexts ?? [],
          },
        },
      };
    });
  const categories = list<CategoryDef>(rows, 'category').map((c) => ({
    name: c.name,
    kind: c.kind ?? 'message',
    rules: (c.rules ?? []).map((r) => ({ ...r, enabled: r.enabled !== false })),
  }));
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  return {
    nlu: { servers },
    categorisation: {
      categories,
      multiCategory: settings.multiCategory === true,
      perPage: settings.attachmentCategoriesPerPage === true,
      defaultCategory: text(settings.defaultCategory),
      defaultAttachmentCategory: text(settings.defaultAttachmentCategory),
      advancedTemplate:
        settings.advancedCategorisation === true ? text(settings.categorisationTemplate) : null,
      interactions: interactions.map((i) => i.name),
      disabledInteractions: interactions.filter((i) => !i.enabled).map((i) => i.name),
    },
    extraction: { fields: list<ExtractionFieldDef>(rows, 'extraction-field') },
  };
};
