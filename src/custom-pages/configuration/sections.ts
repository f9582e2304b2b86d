/** The kinds of the configuration tree (spec pipeline §2), in the order the engine uses them. */
export const CONFIGURATION_SECTIONS = [
  'servers',
  'contexts',
  'archetypes',
  'interactions',
  'interaction-functions',
  'categories',
  'extraction-fields',
] as const;
export type ConfigurationSection = (typeof CONFIGURATION_SECTIONS)[number];

export const isSection = (value: string | null): value is ConfigurationSection =>
  (CONFIGURATION_SECTIONS as readonly string[]).includes(value ?? '');
