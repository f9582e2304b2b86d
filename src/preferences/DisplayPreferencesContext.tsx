import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { applyDarkMode, applyFontSize, writeDarkMode, writeFontSize } from '../theme';
import type { DisplayPreferences, FontSizePreference } from '../theme';

/**
 * Font size and dark mode as React state, so that changing one in the profile rebuilds the
 * react-admin theme at once; each setter also stores the choice and applies it to the page root.
 */
export interface DisplayPreferencesValue extends DisplayPreferences {
  setFontSize(size: FontSizePreference): void;
  setDarkMode(on: boolean): void;
}

const DisplayPreferencesContext = createContext<DisplayPreferencesValue | null>(null);

export const DisplayPreferencesProvider = ({
  initial,
  children,
}: {
  initial: DisplayPreferences;
  children: ReactNode;
}) => {
  const [preferences, setPreferences] = useState(initial);

  const setFontSize = useCallback((fontSize: FontSizePreference) => {
    writeFontSize(fontSize);
    applyFontSize(fontSize);
    setPreferences((current) => ({ ...current, fontSize }));
  }, []);

  const setDarkMode = useCallback((darkMode: boolean) => {
    writeDarkMode(darkMode);
    applyDarkMode(darkMode);
    setPreferences((current) => ({ ...current, darkMode }));
  }, []);

  const value = useMemo(
    () => ({ ...preferences, setFontSize, setDarkMode }),
    [preferences, setFontSize, setDarkMode],
  );
  return <DisplayPreferencesContext.Provider value={value}>{children}</DisplayPreferencesContext.Provider>;
};

export const useDisplayPreferences = (): DisplayPreferencesValue => {
  const value = useContext(DisplayPreferencesContext);
  if (!value) throw new Error('useDisplayPreferences must be used inside <DisplayPreferencesProvider>');
  return value;
};
