import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ConsoleAdmin } from '../ConsoleAdmin';
import { toast } from '../notifications';
import { DisplayPreferencesProvider } from '../preferences';
import { setNavigator } from '../providers/navigation';
import { createConsoleServices } from '../providers/services';
import { fakeApi } from './fakeApi';
import type { FakeRoute } from './fakeApi';

/**
 * Renders the whole console — real providers, routes and layouts — at `path`, over a fake server.
 * Storage is whatever the test put there first (token, locale); English unless told otherwise.
 * `strict`: inside React's StrictMode, as main.tsx renders it (effects run twice on mount).
 */
export const renderConsole = (
  path: string,
  routes: Record<string, FakeRoute> = {},
  { strict = false }: { strict?: boolean } = {},
) => {
  if (window.localStorage.getItem('locale') === null) window.localStorage.setItem('locale', 'en');
  const api = fakeApi(routes);
  const bundle = createConsoleServices({ fetch: api.fetch });
  const router = createMemoryRouter([{ path: '*', element: <ConsoleAdmin bundle={bundle} /> }], {
    initialEntries: [path],
  });
  setNavigator((target) => void router.navigate(target));
  const tree = (
    <DisplayPreferencesProvider initial={{ fontSize: 'medium', darkMode: false }}>
      <RouterProvider router={router} />
    </DisplayPreferencesProvider>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...view, router, api, bundle };
};

/** Fresh browser state for each test: storage, toasts. */
export const resetBrowserState = (): void => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  toast.clear();
  document.title = '';
};
