import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ConsoleAdmin } from './ConsoleAdmin';
import { DisplayPreferencesProvider } from './preferences';
import { setNavigator } from './providers/navigation';
import { createConsoleServices } from './providers/services';
import type { DisplayPreferences } from './theme';

const bundle = createConsoleServices();

// A data router (not react-admin's default hash router): clean paths as spec §2 lists them, and
// navigation blocking for the unsaved-changes warning of spec §4.
const router = createBrowserRouter([{ path: '*', element: <ConsoleAdmin bundle={bundle} /> }]);
// The API client's session handlers (401, 410) navigate with this router, outside React.
setNavigator((path) => void router.navigate(path));

/**
 * The console. `preferences` are the display preferences main.tsx applied before the first render.
 *
 * @example
 * createRoot(root).render(<App preferences={applyStoredPreferences()} />);
 */
export const App = ({ preferences }: { preferences: DisplayPreferences }) => (
  <DisplayPreferencesProvider initial={preferences}>
    <RouterProvider router={router} />
  </DisplayPreferencesProvider>
);
