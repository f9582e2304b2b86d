import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../test/fakeApi';
import type { FakeRoute } from '../test/fakeApi';
import { acme, demoProject, makeUser, production, productionDetail } from '../test/fixtures';
import { renderConsole, resetBrowserState } from '../test/renderConsole';

const notFound = json(
  { message: 'Environment not found', code: 'NOT_FOUND', params: { what: 'environment' } },
  404,
);
const staging = { ...production, id: 'e2', name: 'Staging' };

const signedIn = (environments: unknown[], extra: Record<string, FakeRoute> = {}) => ({
  'GET /v4/console/api/user': json(makeUser()),
  'GET /v4/console/api/organisations/o1': json(acme),
  'GET /v4/console/api/projects': json([demoProject]),
  'GET /v4/console/api/projects/p1': json(demoProject),
  'GET /v4/console/api/projects/p1/environments': json(environments),
  'GET /v4/console/api/environment/e1': json(productionDetail),
  'GET /v4/console/api/environment/e2': json({ ...productionDetail, ...staging }),
  'GET /v4/console/api/environment/gone': notFound,
  ...extra,
});

beforeEach(() => {
  resetBrowserState();
  window.localStorage.setItem('token', 'jwt-1');
});

describe('an environment that does not exist (spec platform-shell §8)', () => {
  it('opens another environment of the project, saying why', async () => {
    const { router } = renderConsole('/project/p1/environment/gone/analyses', signedIn([production]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/environment/e1'));
    expect(await screen.findByText('Environment not found')).toBeInTheDocument();
    expect(
      screen.getByText(
        'It does not exist or is not open to you: here is “Production”, another environment of the project.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Production' })).toBeInTheDocument();
  });

  it('says so in French', async () => {
    window.localStorage.setItem('locale', 'fr');
    const { router } = renderConsole('/project/p1/environment/gone', signedIn([production]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/environment/e1'));
    expect(await screen.findByText('Environnement introuvable')).toBeInTheDocument();
    expect(screen.queryByText('Environment not found')).toBeNull();
  });

  it('goes to the project home when the project has no environment left', async () => {
    const { router } = renderConsole('/project/p1/environment/gone/graph', signedIn([]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1'));
    expect(await screen.findByText('There are no environments in this project.')).toBeInTheDocument();
  });

  it('leaves an environment deleted while it is open at the next navigation', async () => {
    let deleted = false;
    const routes = signedIn([production, staging], {
      'GET /v4/console/api/environment/e1': () => (deleted ? notFound.clone() : json(productionDetail)),
      'GET /v4/console/api/projects/p1/environments': () => json(deleted ? [staging] : [production, staging]),
    });
    const { router } = renderConsole('/project/p1/environment/e1', routes);
    expect(await screen.findByRole('heading', { name: 'Production' })).toBeInTheDocument();
    deleted = true;
    await act(() => router.navigate('/project/p1/environment/e1/analyses'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/environment/e2'));
    expect(await screen.findByText(/here is “Staging”/)).toBeInTheDocument();
  });
});
