import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';

/**
 * The theme react-admin provides, with MUI's own words (the tables' pagination "1–9 sur 9",
 * "Lignes par page", the autocompletes' and alerts' buttons) in react-admin's current language,
 * from the console's catalogue: placed inside AdminContext, it follows a change of language. MUI's
 * full locale objects would weigh on the sign-in page (tests/e2e/bundle-size.spec.ts).
 */
export const LocalizedTheme = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const components = useMemo(
    () => ({
      MuiTablePagination: {
        defaultProps: {
          labelRowsPerPage: translate('ra.navigation.page_rows_per_page'),
          labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
            translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count }),
          getItemAriaLabel: (type: string) => translate(`ra.navigation.${type}`),
        },
      },
      MuiAutocomplete: {
        defaultProps: {
          noOptionsText: translate('ra.navigation.no_results'),
          loadingText: translate('ra.page.loading'),
          openText: translate('ra.action.open'),
          closeText: translate('ra.action.close'),
          clearText: translate('ra.action.clear_input_value'),
        },
      },
      MuiAlert: { defaultProps: { closeText: translate('ra.action.close') } },
    }),
    [translate],
  );
  return (
    <ThemeProvider theme={(outer: object) => createTheme(outer, { components })}>{children}</ThemeProvider>
  );
};
