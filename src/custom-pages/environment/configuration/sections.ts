/** The kinds of the configuration tree (spec pipeline §2), in the order the engine uses them. */
export const CONFIGURATION_SECTIONS = [
  'servers',
  'contexts',
  'languages',
  'archetypes',
  'interactions',
  'interaction-functions',
  'categories',
  'advanced-categorisation',
  'extraction-fields',
] as const;
export type ConfigurationSection = (typeof CONFIGURATION_SECTIONS)[number];

/** Sections that are not a resource's list: they edit settings of the environment. */
export const SETTINGS_SECTIONS = ['languages', 'advanced-categorisation'] as const;
export type ResourceSection = Exclude<ConfigurationSection, (typeof SETTINGS_SECTIONS)[number]>;

export const isSection = (value: string | null): value is ConfigurationSection =>
  (CONFIGURATION_SECTIONS as readonly string[]).includes(value ?? '');
