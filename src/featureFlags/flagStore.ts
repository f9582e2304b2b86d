import { readStored, storageKeys, writeStored } from '../storage';
import { featureFlags, findFeatureFlag } from './catalogue';
import type { FeatureFlagId } from './catalogue';

/**
 * Feature flag values, stored per browser as `{ [flagId]: boolean }` (spec §3, §6). Unset flags are
 * off. Kept outside React so that any code may ask, and shaped for `useSyncExternalStore`.
 */
export type FlagValues = Readonly<Record<FeatureFlagId, boolean>>;

const readStoredValues = (): Record<string, unknown> => {
  const raw = readStored(storageKeys.featureFlags);
  if (raw === null) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...parsed } : {};
  } catch {
    // A hand-edited or corrupted value: every flag falls back to its default rather than crash.
    return {};
  }
};

const effectiveValues = (): FlagValues => {
  const stored = readStoredValues();
  const values = {} as Record<FeatureFlagId, boolean>;
  for (const flag of featureFlags) {
    values[flag.id] = 'forcedOn' in flag ? true : stored[flag.id] === true;
  }
  return values;
};

let snapshot: FlagValues = effectiveValues();
const listeners = new Set<() => void>();

export const flagStore = {
  get: (): FlagValues => snapshot,
  isEnabled: (id: FeatureFlagId): boolean => snapshot[id],
  /** Switches a flag; a forced-on flag ignores the request and stays on. */
  set(id: FeatureFlagId, value: boolean): void {
    if (findFeatureFlag(id)?.forcedOn) return;
    writeStored(storageKeys.featureFlags, JSON.stringify({ ...readStoredValues(), [id]: value }));
    flagStore.reload();
  },
  /** Re-reads storage (another tab, or the local-storage cleaner, may have changed it). */
  reload(): void {
    snapshot = effectiveValues();
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
