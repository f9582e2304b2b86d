import { enUS, frFR } from '@mui/material/locale';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useLocale } from 'react-admin';
import { dateLocale } from './dates';

/** MUI's own words (the tables' pagination "1–9 sur 9", "Lignes par page") in the user's language. */
const muiLocales = { fr: frFR, en: enUS };

/**
 * The theme react-admin provides, with MUI's messages for react-admin's current locale: placed
 * inside AdminContext, it follows a change of language without a reload.
 */
export const LocalizedTheme = ({ children }: { children: ReactNode }) => {
  const locale = dateLocale(useLocale());
  return (
    <ThemeProvider theme={(outer: object) => createTheme(outer, muiLocales[locale])}>
      {children}
    </ThemeProvider>
  );
};
