import { describe, expect, it } from 'vitest';
import { localisedConfiguration, templateProse } from './template-localisation';

const template = {
  configuration: {
    format: 'environment-configuration',
    version: 1,
    settings: { defaultCategory: 'Other' },
    entities: {
      archetypes: [
        {
          id: 'a1',
          name: 'delay',
          description: 'A delay',
          expressions: [{ type: 'term', value: 'A delay' }],
        },
        { id: 'a2', name: 'baggage', description: 'Baggage' },
        { id: 'a3', name: 'empty', description: '' },
      ],
      interactions: [{ id: 'i1', name: 'A delay', comment: 'A delay', parameters: [{ name: 'A delay' }] }],
      'reply-templates': [{ id: 'r1', name: 'reply', description: 'A delay', body: 'A delay' }],
    },
  },
  translations: { fr: { 'A delay': 'Un retard' } },
};

describe('use-case templates in the user’s language', () => {
  it('lists the prose of a configuration with its place, not its names, expressions or bodies', () => {
    expect(templateProse(template.configuration)).toEqual([
      { path: 'archetypes[0].description', text: 'A delay' },
      { path: 'archetypes[1].description', text: 'Baggage' },
      { path: 'interactions[0].comment', text: 'A delay' },
      { path: 'reply-templates[0].description', text: 'A delay' },
    ]);
    expect(templateProse(undefined)).toEqual([]);
  });

  it('translates descriptions and comments only, keeps English where there is no French, and changes nothing of the template', () => {
    const before = structuredClone(template);
    const french = localisedConfiguration(template, 'fr');
    expect(french.entities.archetypes).toEqual([
      {
        id: 'a1',
        name: 'delay',
        description: 'Un retard',
        expressions: [{ type: 'term', value: 'A delay' }],
      },
      { id: 'a2', name: 'baggage', description: 'Baggage' },
      { id: 'a3', name: 'empty', description: '' },
    ]);
    expect(french.entities.interactions).toEqual([
      { id: 'i1', name: 'A delay', comment: 'Un retard', parameters: [{ name: 'A delay' }] },
    ]);
    expect(french.entities['reply-templates']).toEqual([
      { id: 'r1', name: 'reply', description: 'Un retard', body: 'A delay' },
    ]);
    expect(french.settings).toEqual(template.configuration.settings);
    expect(template).toEqual(before);
  });

  it('gives the configuration as it is in English, or when there is nothing to translate', () => {
    expect(localisedConfiguration(template, 'en')).toBe(template.configuration);
    expect(localisedConfiguration({ configuration: template.configuration }, 'fr')).toBe(
      template.configuration,
    );
    expect(
      localisedConfiguration(
        { configuration: 'not a configuration', translations: template.translations },
        'fr',
      ),
    ).toBe('not a configuration');
  });

  it('does not take a text for a translation because the table has it by inheritance', () => {
    const toString = {
      configuration: { entities: { archetypes: [{ description: 'toString' }] } },
      translations: { fr: {} },
    };
    expect(localisedConfiguration(toString, 'fr').entities.archetypes[0].description).toBe('toString');
  });
});
