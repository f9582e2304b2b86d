export { featureFlags, findFeatureFlag } from './catalogue';
export type { FeatureFlag, FeatureFlagId } from './catalogue';
export { flagStore } from './flagStore';
export type { FlagValues } from './flagStore';
export { useFeatureFlag, useFeatureFlags } from './useFeatureFlag';
export { FeatureFlagsPanel } from './FeatureFlagsPanel';
