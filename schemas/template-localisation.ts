/**
 * Use-case templates in the user's language
 * (docs/decisions/resources-use-case-templates-localised.md). A template's configuration is an
 * environment export written in English; its `translations` give, per console language other than
 * English, the text of each of the configuration's prose fields, keyed by the English text. An
 * environment is made from the configuration in the language of whoever creates it; names,
 * identifiers, expressions and Twig bodies are the NLU's data and never change.
 */

/** The console's languages: English is the templates' own, French is translated. */
export type TemplateLocale = 'fr' | 'en';

/** Per language but English, the English text of a prose field → its text in that language. */
export type TemplateTranslations = { fr: Record<string, string> };

/**
 * The fields of a configuration's entities that are prose for the users (the configuration lists'
 * descriptions, the interactions' comments), and not data the NLU, the rules or templates use.
 */
export const TEMPLATE_PROSE_FIELDS = ['description', 'comment'] as const;

type Entities = Record<string, Record<string, unknown>[]>;

const entitiesOf = (configuration: unknown): Entities | undefined => {
  const entities = (configuration as { entities?: unknown } | null)?.entities;
  return entities !== null && typeof entities === 'object' ? (entities as Entities) : undefined;
};

/**
 * Every prose text of a configuration, each with where it is (`<entity path>[<index>].<field>`).
 *
 * @example
 *   templateProse({ entities: { archetypes: [{ name: 'delay', description: 'A delay' }] } });
 *   // [{ path: 'archetypes[0].description', text: 'A delay' }]
 */
export const templateProse = (configuration: unknown): { path: string; text: string }[] =>
  Object.entries(entitiesOf(configuration) ?? {}).flatMap(([kind, entities]) =>
    entities.flatMap((entity, index) =>
      TEMPLATE_PROSE_FIELDS.flatMap((field) => {
        const text = entity[field];
        return typeof text === 'string' && text !== '' ? [{ path: `${kind}[${index}].${field}`, text }] : [];
      }),
    ),
  );

/**
 * A template's configuration with its prose in `locale`: each prose field replaced by its
 * translation, or left in English where there is none (and in English). Everything else is the
 * template's, unchanged; the template itself is not modified.
 *
 * @example
 *   localisedConfiguration(template, 'fr').entities.archetypes[0].description; // 'Un retard'
 */
export const localisedConfiguration = <Configuration>(
  template: { configuration: Configuration; translations?: Partial<TemplateTranslations> },
  locale: TemplateLocale,
): Configuration => {
  const table = locale === 'en' ? undefined : template.translations?.[locale];
  const entities = entitiesOf(template.configuration);
  if (!table || !entities) return template.configuration;
  const translated = (entity: Record<string, unknown>) => {
    const copy = { ...entity };
    for (const field of TEMPLATE_PROSE_FIELDS) {
      const text = copy[field];
      if (typeof text === 'string' && Object.hasOwn(table, text)) copy[field] = table[text];
    }
    return copy;
  };
  return {
    ...template.configuration,
    entities: Object.fromEntries(
      Object.entries(entities).map(([kind, list]) => [kind, list.map(translated)]),
    ),
  };
};
