// The differences between two versions of a configuration document, field by field.
import { withDefaults } from '../../pipeline/extractor/settings';
import type { ExtractorSettingsInput } from '../../../schemas/extractor-settings';
import { settingsWithDefaults } from '../settings';
import type { Configuration, Entity } from './document';

export interface Difference {
  /** `settings.retention`, `entities.archetypes.Invoice.terms`… */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

/** What an entity is called in a difference: its name when it has one, else its id. */
const labelOf = (entity: Entity) =>
  typeof entity.name === 'string' && entity.name !== '' ? entity.name : entity.id;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The differences from `before` to `after`, field by field: settings and extractor settings (each
 * over its defaults), then entities matched by name (ids differ between an environment and its
 * imports), a whole entity when it appears or goes.
 */
export const diffConfigurations = (before: Configuration, after: Configuration): Difference[] => {
  const out: Difference[] = [];
  const fields = (path: string, a: Record<string, unknown>, b: Record<string, unknown>) => {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      if (key === 'id' || same(a[key], b[key])) continue;
      if (!(key in a)) out.push({ path: `${path}.${key}`, kind: 'added', after: b[key] });
      else if (!(key in b)) out.push({ path: `${path}.${key}`, kind: 'removed', before: a[key] });
      else out.push({ path: `${path}.${key}`, kind: 'changed', before: a[key], after: b[key] });
    }
  };
  // Defaults filled in on both sides: a setting that was implied and is now written with the same
  // value did not change (the first save of a template's settings writes them all).
  fields('settings', settingsWithDefaults(before.settings), settingsWithDefaults(after.settings));
  const extractorOf = (c: Configuration) =>
    ({ ...withDefaults(c.extractor as ExtractorSettingsInput | undefined) }) as Record<string, unknown>;
  if (before.extractor || after.extractor) fields('extractor', extractorOf(before), extractorOf(after));
  for (const kind of [...new Set([...Object.keys(before.entities), ...Object.keys(after.entities)])].sort()) {
    const a = new Map((before.entities[kind] ?? []).map((e) => [labelOf(e), e]));
    const b = new Map((after.entities[kind] ?? []).map((e) => [labelOf(e), e]));
    for (const [label, entity] of a) {
      const other = b.get(label);
      if (!other) out.push({ path: `entities.${kind}.${label}`, kind: 'removed', before: entity });
      else fields(`entities.${kind}.${label}`, entity, other);
    }
    for (const [label, entity] of b)
      if (!a.has(label)) out.push({ path: `entities.${kind}.${label}`, kind: 'added', after: entity });
  }
  return out;
};
