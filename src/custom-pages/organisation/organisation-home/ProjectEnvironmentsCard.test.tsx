import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../../schemas/contracts/auth';
import type { Project } from '../../../../schemas/contracts/tenancy';
import { json, type FakeRequest } from '../../../test/fakeApi';
import { acme, demoProject, makeUser } from '../../../test/fixtures';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';

const claims: Project = { ...demoProject, id: 'p2', name: 'Claims' };

/** A server that keeps the user's marks, as the real one does. */
const markingServer = () => {
  const user: CurrentUser = makeUser();
  user.organisations.o1.projects.p2 = {
    id: 'p2',
    name: 'Claims',
    access: 'configurator',
    favourite: false,
    quickAccess: false,
  };
  const sent: { projectId: string; body: unknown }[] = [];
  const mark = (projectId: string) => (request: FakeRequest) => {
    sent.push({ projectId, body: request.body });
    const project = user.organisations.o1.projects[projectId];
    Object.assign(project, request.body);
    return json({ favourite: project.favourite, quickAccess: project.quickAccess });
  };
  const routes = {
    'GET /v4/console/api/user': () => json(user),
    'GET /v4/console/api/organisations/o1': json(acme),
    'GET /v4/console/api/projects': json([claims, demoProject]),
    'GET /v4/console/api/projects/p1/environments': json([]),
    'GET /v4/console/api/projects/p2/environments': json([]),
    'PUT /v4/console/api/projects/p1/marks': mark('p1'),
    'PUT /v4/console/api/projects/p2/marks': mark('p2'),
  };
  return { routes, sent };
};

const cardNames = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby'));

beforeEach(() => {
  resetBrowserState();
  window.localStorage.setItem('token', 'jwt-1');
});

describe('project marks on the organisation home', () => {
  it('marks a project as favourite: the API is called, the label flips and the project comes first', async () => {
    const { routes, sent } = markingServer();
    renderConsole('/orga/o1', routes);
    const card = await screen.findByRole('article', { name: 'Demo project' });
    expect(cardNames()).toEqual(['project-p2', 'project-p1']);

    fireEvent.click(within(card).getByRole('button', { name: 'Add to favourites' }));
    expect(await within(card).findByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(sent).toEqual([{ projectId: 'p1', body: { favourite: true } }]);
    expect(cardNames()).toEqual(['project-p1', 'project-p2']);
  });

  it('pins a project to quick access, listed in the organisation menu', async () => {
    const { routes, sent } = markingServer();
    renderConsole('/orga/o1', routes);
    const card = await screen.findByRole('article', { name: 'Claims' });
    const menu = screen.getByRole('navigation', { name: 'Organisation menu' });
    expect(within(menu).queryByText('Quick access')).not.toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Pin to quick access' }));
    expect(await within(card).findByRole('button', { name: 'Unpin from quick access' })).toBeInTheDocument();
    expect(sent).toEqual([{ projectId: 'p2', body: { quickAccess: true } }]);
    expect(within(menu).getByText('Quick access')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Claims' })).toHaveAttribute('href', '/project/p2');

    fireEvent.click(within(card).getByRole('button', { name: 'Unpin from quick access' }));
    expect(await within(card).findByRole('button', { name: 'Pin to quick access' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Claims' })).not.toBeInTheDocument();
  });
});
