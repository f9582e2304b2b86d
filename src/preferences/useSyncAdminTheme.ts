import { useEffect } from 'react';
import { useTheme } from 'react-admin';
import { useDisplayPreferences } from './DisplayPreferencesContext';

/**
 * Keeps react-admin's theme mode (its own store entry) on our dark-mode preference, which is the one
 * the user sets and the one stored under the spec's key; react-admin's store may be reset at logout.
 */
export const useSyncAdminTheme = (): void => {
  const { darkMode } = useDisplayPreferences();
  const [mode, setMode] = useTheme();
  const wanted = darkMode ? 'dark' : 'light';
  useEffect(() => {
    if (mode !== wanted) setMode(wanted);
  }, [mode, wanted, setMode]);
};
