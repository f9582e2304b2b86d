import CssBaseline from '@mui/material/CssBaseline';
import { useMemo, useState } from 'react';
import { AdminContext, CoreAdminUI, CustomRoutes, memoryStore } from 'react-admin';
import { AppErrorPage } from './components/AppErrorPage';
import { NotFoundPage } from './components/NotFoundPage';
import { FallbackLayout } from './layouts';
import { RaNotificationBridge } from './notifications';
import { useDisplayPreferences } from './preferences';
import { ServicesProvider } from './providers/ServicesContext';
import type { ConsoleServices } from './providers/services';
import { appRoutes } from './routing/appRoutes';
import { createAppTheme, fontSizePx } from './theme';
import { LocalizedTheme } from './theme/LocalizedTheme';

/**
 * react-admin with the console's providers, theme and routes: what `<Admin>` is made of
 * (AdminContext + CoreAdminUI + the notification) without `<Admin>`'s default login page and layout,
 * which the console replaces and which would otherwise weigh on the first download for nothing.
 * Rendered inside the app's router (App.tsx) or a test's memory router.
 */
export const ConsoleAdmin = ({ bundle }: { bundle: ConsoleServices }) => {
  const { services, authProvider, dataProvider, i18nProvider } = bundle;
  // In memory: the console's durable settings are the spec's storage keys (§3), and a second,
  // persisted copy of the locale or theme in react-admin's store could disagree with them.
  const [store] = useState(memoryStore);
  const { fontSize, darkMode } = useDisplayPreferences();
  const px = fontSizePx(fontSize);
  const lightTheme = useMemo(() => createAppTheme('light', px), [px]);
  const darkTheme = useMemo(() => createAppTheme('dark', px), [px]);

  return (
    <ServicesProvider services={services}>
      <AdminContext
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={lightTheme}
        darkTheme={darkTheme}
        defaultTheme={darkMode ? 'dark' : 'light'}
      >
        <LocalizedTheme>
          <CssBaseline enableColorScheme>
            <CoreAdminUI
              // Sign-in is one of our routes (two steps, spec §2); react-admin's redirects go to /login.
              loginPage={false}
              layout={FallbackLayout}
              catchAll={NotFoundPage}
              error={AppErrorPage}
              title="Console"
              disableTelemetry
            >
              <CustomRoutes noLayout>{appRoutes}</CustomRoutes>
            </CoreAdminUI>
            <RaNotificationBridge />
          </CssBaseline>
        </LocalizedTheme>
      </AdminContext>
    </ServicesProvider>
  );
};
