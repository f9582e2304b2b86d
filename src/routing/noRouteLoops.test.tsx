import { screen, waitFor } from '@testing-library/react';
import { createRoutesFromElements, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../test/fakeApi';
import { acme, demoProject, makeUser, production, productionDetail } from '../test/fixtures';
import { renderConsole, resetBrowserState } from '../test/renderConsole';
import { appRoutes } from './appRoutes';

/** Every path pattern of the route table, joined from its nested routes (index routes are their parent's). */
const patterns = (routes: RouteObject[], parent = ''): string[] =>
  routes.flatMap((route) => {
    const own = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    return [...(route.path !== undefined ? [own] : []), ...patterns(route.children ?? [], own)];
  });

const ROUTE_PATTERNS = [...new Set(patterns(createRoutesFromElements(appRoutes)))].sort();

/** A concrete URL of a pattern: the fixtures' ids for the scopes, made-up values elsewhere, then an unknown tail. */
const withUnknownTail = (pattern: string) =>
  `${pattern
    .replace(':orgaId', 'o1')
    .replace(':projectId', 'p1')
    .replace(':envId', 'e1')
    .replace(/:\w+/g, 'x1')
    .replace(/\/\*$/, '')}/no-such/tail`.replace(/^\/*/, '/');

const signedIn = {
  'GET /v4/console/api/user': json(makeUser()),
  'GET /v4/console/api/organisations/o1': json(acme),
  'GET /v4/console/api/projects': json([demoProject]),
  'GET /v4/console/api/projects/p1': json(demoProject),
  'GET /v4/console/api/projects/p1/environments': json([production]),
  'GET /v4/console/api/environment/e1': json(productionDetail),
};

/**
 * Where an unknown tail must end (spec §2): a scope's unknown sub-path at its home (the testing
 * centre's at its message bank), /v2 without its prefix, anything else on the "Page not found" page
 * at the same address.
 */
const expectedEnd = (pattern: string, start: string): string => {
  if (pattern.startsWith('/project/:projectId/environment/:envId')) return '/project/p1/environment/e1';
  if (pattern.startsWith('/project/:projectId/testing-center'))
    return '/project/p1/testing-center/messages-bank';
  if (pattern.startsWith('/project/:projectId')) return '/project/p1';
  if (pattern.startsWith('/orga/:orgaId')) return '/orga/o1';
  if (pattern.startsWith('/v2')) return '/no-such/tail';
  return start;
};

/** A redirect that leads to itself navigates for ever; a page reached by redirects settles in a few. */
const MAX_NAVIGATIONS = 4;

let unmount: (() => void) | undefined;
beforeEach(() => {
  resetBrowserState();
  window.localStorage.setItem('token', 'jwt-1');
});
afterEach(() => unmount?.());

describe('no route of the console loops (spec §2 redirects)', () => {
  it('knows the route table', () => {
    expect(ROUTE_PATTERNS).toContain('/project/:projectId/testing-center');
    expect(ROUTE_PATTERNS.length).toBeGreaterThan(40);
  });

  it.each(ROUTE_PATTERNS)('%s with an unknown tail ends on a page or its scope home', async (pattern) => {
    const start = withUnknownTail(pattern);
    const end = expectedEnd(pattern, start);
    const view = renderConsole(start, signedIn);
    unmount = view.unmount;
    const visited: string[] = [start];
    const stop = view.router.subscribe((state) => {
      const at = `${state.location.pathname}${state.location.search}`;
      if (visited[visited.length - 1] !== at) visited.push(at);
    });
    await waitFor(() => expect(view.router.state.location.pathname).toBe(end), { timeout: 5000 });
    if (end === start) expect(await screen.findByText('Page not found')).toBeInTheDocument();
    // Whatever redirect brought it there has run: the address stays.
    await new Promise((resolve) => setTimeout(resolve, 200));
    stop();
    expect(view.router.state.location.pathname).toBe(end);
    expect(visited.length, visited.join(' → ')).toBeLessThanOrEqual(MAX_NAVIGATIONS);
  });

  it('sends an unknown page of the testing centre to the message bank, once', async () => {
    const view = renderConsole('/project/p1/testing-center/tests', signedIn);
    unmount = view.unmount;
    await waitFor(() =>
      expect(view.router.state.location.pathname).toBe('/project/p1/testing-center/messages-bank'),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(view.router.state.location.pathname).toBe('/project/p1/testing-center/messages-bank');
  });
});
