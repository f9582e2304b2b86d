import { render } from '@testing-library/react';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '../../schemas/contracts/auth';
import { RaNotificationBridge } from '../notifications';
import { ServicesProvider } from '../providers/ServicesContext';
import { createConsoleServices } from '../providers/services';
import { fakeApi, json } from './fakeApi';
import type { FakeRoute } from './fakeApi';
import { makeUser } from './fixtures';

export interface ResourceViewOptions {
  routes?: Record<string, FakeRoute>;
  user?: CurrentUser;
  /** The address the view is rendered at; other addresses render `elsewhere` (navigation targets). */
  path?: string;
}

/**
 * Renders one view with the console's real providers (API client, data, auth, i18n) over a fake
 * server, signed in as `user` (an admin of o1 by default), inside a data router so navigation
 * blocking works. For generic views tested outside any page.
 */
export const renderResourceView = (
  view: ReactNode,
  { routes = {}, user, path = '/here' }: ResourceViewOptions = {},
) => {
  if (window.localStorage.getItem('locale') === null) window.localStorage.setItem('locale', 'en');
  window.localStorage.setItem('token', 'jwt-test');
  const signedIn =
    user ?? makeUser({ organisations: { o1: { ...makeUser().organisations.o1, role: 'admin' } } });
  const api = fakeApi({ 'GET /v4/console/api/user': json(signedIn), ...routes });
  const bundle = createConsoleServices({ fetch: api.fetch });
  const shell = (children: ReactNode) => (
    <ServicesProvider services={bundle.services}>
      <AdminContext
        dataProvider={bundle.dataProvider}
        authProvider={bundle.authProvider}
        i18nProvider={bundle.i18nProvider}
        store={memoryStore()}
      >
        <Suspense fallback={<p>Loading view…</p>}>{children}</Suspense>
        <RaNotificationBridge />
      </AdminContext>
    </ServicesProvider>
  );
  const router = createMemoryRouter(
    [
      { path, element: shell(view) },
      { path: '*', element: shell(<p>Elsewhere</p>) },
    ],
    { initialEntries: [path] },
  );
  return { ...render(<RouterProvider router={router} />), router, api, bundle };
};
