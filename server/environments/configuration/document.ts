// The configuration document's shape: its format and version, the largest import, the document
// and its checked form, and the document resources it is made of.
import type { ResourceSchema } from '../../../schemas/_defs/admin';

/**
 * An environment's configuration as one JSON document
 * (docs/decisions/resources-configuration-document.md): its settings and every configuration entity
 * stored in it (the environment-scoped document resources: archetypes, categories, templates…),
 * keyed by resource path. Export, import, versions and their differences all work on this one shape. Credentials (access keys) and analyses are not
 * configuration.
 */
export const CONFIGURATION_FORMAT = 'environment-configuration';
export const CONFIGURATION_VERSION = 1;
/** The largest import accepted, in bytes: far above any real configuration. */
export const CONFIGURATION_MAX_BYTES = 20 * 1024 * 1024;

export type Entity = { id: string } & Record<string, unknown>;

export interface Configuration {
  format: typeof CONFIGURATION_FORMAT;
  version: typeof CONFIGURATION_VERSION;
  settings: Record<string, unknown>;
  /** The extractor module's settings, when they were ever saved (defaults otherwise). */
  extractor?: Record<string, unknown>;
  entities: Record<string, Entity[]>;
}

/** A checked configuration, ready to write. */
export interface CheckedConfiguration {
  settings: Record<string, unknown>;
  extractor: Record<string, unknown> | undefined;
  entities: Map<string, Entity[]>;
}

/** The document resources that make up a configuration, by their path. */
export const configurationResources = (schemas: readonly ResourceSchema[]) =>
  new Map(
    schemas
      .filter((s) => s['x-admin'].scope === 'environment' && s['x-admin'].storage === 'document')
      .map((s) => [s['x-admin'].path, s] as const),
  );
