import { useSyncExternalStore } from 'react';
import type { FeatureFlagId } from './catalogue';
import { flagStore } from './flagStore';
import type { FlagValues } from './flagStore';

/** All flag values; re-renders when one changes. */
export const useFeatureFlags = (): FlagValues => useSyncExternalStore(flagStore.subscribe, flagStore.get);

/**
 * @example
 * const versionsEnabled = useFeatureFlag('projectVersions');
 */
export const useFeatureFlag = (id: FeatureFlagId): boolean => useFeatureFlags()[id];
