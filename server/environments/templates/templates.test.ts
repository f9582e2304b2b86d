import { replyTemplateDef } from '../../configuration/reply-template-rules';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { describe, expect, it } from 'vitest';
import { NO_CATEGORY } from '../../../schemas/analysis-result';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../../../schemas/extractor-settings';
import { resourceSchemas } from '../../../schemas/index';
import { LANGUAGE_RESOURCES, languageConfig } from '../../analyses/language-config';
import { runPipeline } from '../../pipeline/engine';
import type { PipelineConfig, PipelineServices } from '../../pipeline/stage';
import { settingsProblems } from '../table';
import {
  TEMPLATE_PROSE_FIELDS,
  localisedConfiguration,
  templateProse,
  type TemplateLocale,
} from '../../../schemas/template-localisation';
import { configurationResources } from '../configuration/document';
import { checkConfiguration } from '../configuration/import';
import { USE_CASE_TEMPLATES, templateByKey, type UseCaseSample, type UseCaseTemplate } from './index';

type DocumentRows = Parameters<typeof languageConfig>[0];
type LanguageResource = (typeof LANGUAGE_RESOURCES)[number];

const services: PipelineServices = {
  ocr: { recognize: () => Promise.reject(new Error('no OCR')) },
  speech: null,
};

const isLanguageResource = (resource: string): resource is LanguageResource =>
  (LANGUAGE_RESOURCES as readonly string[]).includes(resource);

/** A configuration imported as the platform imports one, then read as the worker reads it. */
const pipelineConfig = (configuration: unknown): PipelineConfig => {
  const checked = checkConfiguration(configuration, resourceSchemas, settingsProblems);
  const resources = configurationResources(resourceSchemas);
  const rows: DocumentRows = [...checked.entities].flatMap(([path, entities]) => {
    const resource = resources.get(path)?.$id ?? '';
    if (!isLanguageResource(resource)) return [];
    return entities.map(({ id, ...data }) => ({ resource, id, data, updated_at: new Date(0) }));
  });
  return {
    extractor: structuredClone(DEFAULT_EXTRACTOR_SETTINGS),
    languages: checked.settings.languages as string[],
    ...languageConfig(rows, checked.settings),
    reply: { templates: (checked.entities.get('reply-templates') ?? []).map(replyTemplateDef) },
  };
};

const mail = (sample: UseCaseSample): Promise<Buffer> =>
  new MailComposer({
    from: 'Customer <customer@example.com>',
    to: 'inbox@example.com',
    date: new Date('2024-05-06T09:00:00Z'),
    subject: sample.subject,
    text: sample.text,
  })
    .compile()
    .build();

const analyse = async (config: PipelineConfig, sample: UseCaseSample) =>
  runPipeline(
    'template-sample',
    {
      kind: 'file',
      name: sample.name,
      filename: 'sample.eml',
      bytes: new Uint8Array(await mail(sample)),
      metadata: {},
    },
    config,
    services,
    new AbortController().signal,
  );

const entities = (template: UseCaseTemplate, path: string) =>
  (template.configuration.entities as Record<string, Record<string, unknown>[]>)[path] ?? [];

/** A configuration without its prose fields: what localisation must leave exactly as it is. */
const withoutProse = (configuration: unknown) => {
  const { entities: all, ...rest } = configuration as { entities: Record<string, Record<string, unknown>[]> };
  const strip = (entity: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(entity).filter(
        ([field]) => !(TEMPLATE_PROSE_FIELDS as readonly string[]).includes(field),
      ),
    );
  return {
    ...rest,
    entities: Object.fromEntries(Object.entries(all).map(([k, list]) => [k, list.map(strip)])),
  };
};

const LOCALES: readonly TemplateLocale[] = ['en', 'fr'];

describe('use-case templates', () => {
  it('offers the three templates of the spec, found by key', () => {
    expect(USE_CASE_TEMPLATES.map((t) => t.key)).toEqual([
      'insurance:meeting',
      'tourism:airline-messages',
      'retail:quotes-and-orders',
    ]);
    expect(templateByKey('retail:quotes-and-orders')?.name.fr).toBeTruthy();
    expect(templateByKey('nope')).toBeUndefined();
  });

  describe.each(USE_CASE_TEMPLATES.map((t) => [t.key, t] as const))('%s', (_key, template) => {
    const english = structuredClone(template.configuration);
    const french = localisedConfiguration(template, 'fr');

    it('has French and English samples that expect every message category', () => {
      expect(template.samples.length).toBeGreaterThanOrEqual(6);
      expect(new Set(template.samples.map((s) => s.language))).toEqual(new Set(['fr', 'gb']));
      const expected = new Set(template.samples.flatMap((s) => s.expected));
      const categories = entities(template, 'categories').filter((c) => c.kind !== 'attachment');
      for (const category of categories) expect(expected).toContain(category.name);
    });

    it('has a French translation of every description and comment, and none of a text it does not have', () => {
      const prose = templateProse(template.configuration);
      expect(prose.length).toBeGreaterThan(0);
      const untranslated = prose.filter(({ text }) => !template.translations.fr[text]?.trim());
      expect(untranslated, 'add their French to the template’s translations.fr').toEqual([]);
      const texts = new Set(prose.map((p) => p.text));
      expect(Object.keys(template.translations.fr).filter((text) => !texts.has(text))).toEqual([]);
    });

    it('is written in one language at a time: English in the configuration, French in its translations', () => {
      for (const { path, text } of templateProse(template.configuration)) {
        expect(text, path).not.toMatch(/ \/ /);
        expect(template.translations.fr[text] ?? '', path).not.toMatch(/ \/ /);
      }
    });

    it('puts every French text in place and changes nothing else: names, identifiers, expressions, bodies', () => {
      const localised = templateProse(french);
      expect(localised.map((p) => p.path)).toEqual(templateProse(template.configuration).map((p) => p.path));
      for (const { path, text } of templateProse(template.configuration))
        expect(localised.find((p) => p.path === path)?.text, path).toBe(template.translations.fr[text]);
      expect(withoutProse(french)).toEqual(withoutProse(template.configuration));
      // English is the configuration as it is, and the template itself is left untouched.
      expect(localisedConfiguration(template, 'en')).toBe(template.configuration);
      expect(template.configuration).toEqual(english);
    });
  });

  describe.each(USE_CASE_TEMPLATES.flatMap((t) => LOCALES.map((locale) => [t.key, locale, t] as const)))(
    '%s (%s)',
    (_key, locale, template) => {
      const configuration = localisedConfiguration(template, locale);

      it('is accepted as an environment configuration', () => {
        expect(() => checkConfiguration(configuration, resourceSchemas, settingsProblems)).not.toThrow();
      });

      let config: PipelineConfig | undefined;
      it.each(template.samples.map((s) => [s.name, s] as const))(
        'categorises "%s" as expected',
        async (_name, sample) => {
          config ??= pipelineConfig(configuration);
          const result = await analyse(config, sample);
          expect(result.status).toBe('processed');
          expect(result.language).toBe(sample.language);
          const found = result.nlu.interactions.map((i) => `${i.name} [${i.text}]`);
          const categories = result.categories.map((c) => c.name).filter((n) => n !== NO_CATEGORY);
          expect(categories.sort(), found.join('; ')).toEqual([...sample.expected].sort());
          const warnings = result.trace
            .filter((t) => ['nlu', 'categorization', 'extraction'].includes(t.step))
            .flatMap((t) => t.warnings ?? [])
            .filter((w) => !w.startsWith('The AI was starting up'));
          expect(warnings).toEqual([]);
          // The default template drafts a reply in the message's language, about its categories.
          const english = sample.language === 'gb';
          expect(result.reply?.template).toBe('reply');
          const reply = result.reply!.text;
          expect(reply).toMatch(english ? /^Hello( [^,]+)?,\n\n\S/ : /^Bonjour( [^,]+)?,\n\n\S/);
          expect(reply).toMatch(english ? /\nKind regards,\n\S+/ : /\nCordialement,\n\S+/);
          expect(reply).not.toMatch(/\{[{%#]/);
          // A message of no category but the default gets the general answer, and only such a message.
          const general = /will answer it shortly|y répondrons rapidement/;
          if (sample.expected.every((c) => c === 'Other')) expect(reply).toMatch(general);
          else expect(reply).not.toMatch(general);
        },
      );
    },
  );
});
