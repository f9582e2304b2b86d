/**
 * The feature flags of spec platform-shell §6. Labels and descriptions are translation keys.
 * A forced-on flag is a feature that has become the default: it stays listed so that users who knew
 * it see it is now always on, but it can no longer be switched off.
 */
export interface FeatureFlag {
  id: string;
  labelKey: string;
  descriptionKey: string;
  forcedOn?: true;
}

export const featureFlags = [
  {
    id: 'projectVersions',
    labelKey: 'app.featureFlags.projectVersions.label',
    descriptionKey: 'app.featureFlags.projectVersions.description',
  },
  {
    id: 'selfService',
    labelKey: 'app.featureFlags.selfService.label',
    descriptionKey: 'app.featureFlags.selfService.description',
  },
  {
    id: 'taintsRouting',
    labelKey: 'app.featureFlags.taintsRouting.label',
    descriptionKey: 'app.featureFlags.taintsRouting.description',
  },
  {
    id: 'disableTestingCentreTab',
    labelKey: 'app.featureFlags.disableTestingCentreTab.label',
    descriptionKey: 'app.featureFlags.disableTestingCentreTab.description',
  },
  {
    id: 'newAnalysesPage',
    labelKey: 'app.featureFlags.newAnalysesPage.label',
    descriptionKey: 'app.featureFlags.newAnalysesPage.description',
    forcedOn: true,
  },
] as const satisfies readonly FeatureFlag[];

export type FeatureFlagId = (typeof featureFlags)[number]['id'];

export const findFeatureFlag = (id: FeatureFlagId): FeatureFlag | undefined =>
  featureFlags.find((flag) => flag.id === id);
