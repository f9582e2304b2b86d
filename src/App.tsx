import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ConsoleAdmin } from './ConsoleAdmin';
import { DisplayPreferencesProvider } from './preferences';
import { setNavigator } from './providers/navigation';
import { createConsoleServices } from './providers/services';
import type { DisplayPreferences } from './theme';

let router: ReturnType<typeof createBrowserRouter> | undefined;

/** The services and the router, made at the first render (main.tsx may first load a language). */
const appRouter = () => {
  if (router) return router;
  const bundle = createConsoleServices();
  // A data router (not react-admin's default hash router): clean paths as spec §2 lists them, and
  // navigation blocking for the unsaved-changes warning of spec §4.
  const created = createBrowserRouter([{ path: '*', element: <ConsoleAdmin bundle={bundle} /> }]);
  // The API client's session handlers (401, 410) navigate with this router, outside React.
  setNavigator((path) => void created.navigate(path));
  router = created;
  return created;
};

/**
 * The console. `preferences` are the display preferences main.tsx applied before the first render.
 *
 * @example
 * createRoot(root).render(<App preferences={applyStoredPreferences()} />);
 */
export const App = ({ preferences }: { preferences: DisplayPreferences }) => (
  <DisplayPreferencesProvider initial={preferences}>
    <RouterProvider router={appRouter()} />
  </DisplayPreferencesProvider>
);
