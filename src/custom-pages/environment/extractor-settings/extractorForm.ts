import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { TranslateFunction } from 'react-admin';
import type { ExtractorSettings, ParserFamily } from '../../../../schemas/extractor-settings';
import { EXTENSIONS_BY_FAMILY, extractorSettingsSchema } from '../../../../schemas/extractor-settings';
import { labelProperties } from '../../../resources/generic/form/formSchema';
import type { ResourceLabels } from '../../../resources/labels';
import { humanize } from '../../../resources/labels';

const FAMILIES = Object.keys(EXTENSIONS_BY_FAMILY) as ParserFamily[];
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema without its `default`s: an override option left empty keeps the family's value. */
const withoutDefaults = (value: unknown): unknown =>
  isObject(value)
    ? Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => key !== 'default')
          .map(([key, inner]) => [key, withoutDefaults(inner)]),
      )
    : value;

const familyOf = (extension: unknown): ParserFamily | undefined =>
  FAMILIES.find((family) => (EXTENSIONS_BY_FAMILY[family] as readonly unknown[]).includes(extension));

/**
 * The settings schema as the form shows it. An override names an extension and changes options of
 * that extension's family only: once the extension is chosen, the item shows that family's section
 * (JSON Schema `dependencies` with `oneOf`, which rjsf renders as the choice changes).
 */
export const extractorFormSchema = (): RJSFSchema => {
  const { $id: _id, properties, ...rest } = extractorSettingsSchema;
  const item = properties.overrides.items;
  return {
    ...rest,
    properties: {
      ...properties,
      overrides: {
        ...properties.overrides,
        items: {
          type: 'object',
          required: ['extension'],
          properties: { extension: item.properties.extension },
          dependencies: {
            extension: {
              oneOf: FAMILIES.map((family) => ({
                properties: {
                  extension: { enum: EXTENSIONS_BY_FAMILY[family] },
                  [family]: withoutDefaults(item.properties[family]),
                },
              })),
            },
          },
        },
      },
    },
  } as unknown as RJSFSchema;
};

/** Labels from `app.extractor.fields.<path>` (`formatter.splitPerPage`), values and help likewise. */
export const extractorLabels = (translate: TranslateFunction): ResourceLabels => ({
  name: () => translate('app.routes.extractor'),
  field: (path) => translate(`app.extractor.fields.${path}`, { _: humanize(path) }),
  value: (path, value) =>
    translate(`app.extractor.values.${path}.${String(value)}`, { _: String(value).toUpperCase() }),
  error: (_path, _keyword, fallback) => fallback,
  help: (path) => translate(`app.extractor.help.${path}`, { _: '' }),
});

/**
 * Translated titles everywhere; in overrides, every option of a family labelled as in its section,
 * with an empty first choice ("as the family") — a yes / no list for booleans, since a checkbox
 * cannot say "not overridden".
 */
export const extractorUiSchema = (labels: ResourceLabels, inherited: string): UiSchema => {
  const { overrides, ...sections } = extractorSettingsSchema.properties;
  const ui: Json = {};
  labelProperties(sections, ui, labels);
  const item: Json = {};
  labelProperties({ extension: overrides.items.properties.extension }, item, labels);
  for (const family of FAMILIES) {
    const options = overrides.items.properties[family].properties as Record<string, Json>;
    labelProperties({ [family]: overrides.items.properties[family] }, item, labels);
    const section = item[family] as Json;
    for (const [name, option] of Object.entries(options)) {
      section[name] = {
        ...(section[name] as Json),
        'ui:placeholder': inherited,
        ...(option.type === 'boolean' ? { 'ui:widget': 'select' } : {}),
      };
    }
  }
  ui.overrides = {
    'ui:title': labels.field('overrides'),
    'ui:help': labels.help('overrides'),
    items: (_item: unknown, index: number) => ({
      ...item,
      'ui:title': `${labels.field('override')} ${index + 1}`,
    }),
  };
  ui['ui:submitButtonOptions'] = { norender: true };
  return ui as UiSchema;
};

/** Options of an override that say something: empty inputs and empty lists keep the family's value. */
const setOptions = (options: unknown): Json =>
  isObject(options)
    ? Object.fromEntries(
        Object.entries(options).filter(
          ([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
        ),
      )
    : {};

/**
 * What is saved: the form's settings with each override reduced to its extension and the options of
 * that extension's family it really sets (a section left from another extension goes).
 */
export const settingsToSave = (data: Json): ExtractorSettings => {
  const overrides = Array.isArray(data.overrides) ? data.overrides.filter(isObject) : [];
  return {
    ...data,
    overrides: overrides.map((override) => {
      const family = familyOf(override.extension);
      const options = family ? setOptions(override[family]) : {};
      return {
        extension: String(override.extension),
        ...(family && Object.keys(options).length > 0 ? { [family]: options } : {}),
      };
    }),
  } as ExtractorSettings;
};
