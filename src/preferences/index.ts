export { DisplayPreferencesProvider, useDisplayPreferences } from './DisplayPreferencesContext';
export type { DisplayPreferencesValue } from './DisplayPreferencesContext';
export { useSyncAdminTheme } from './useSyncAdminTheme';
