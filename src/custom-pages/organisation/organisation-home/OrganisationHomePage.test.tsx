import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeApi';
import { acme, demoProject, makeUser, production, productionDetail } from '../../../test/fixtures';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';

const server = (user = makeUser()) => ({
  'GET /v4/console/api/user': json(user),
  'GET /v4/console/api/organisations/o1': json(acme),
  'GET /v4/console/api/projects': json([demoProject]),
  'GET /v4/console/api/projects/p1': json(demoProject),
  'GET /v4/console/api/projects/p1/environments': json([
    production,
    { ...production, id: 'e2', name: 'Staging', visibility: 'hidden' },
  ]),
  'GET /v4/console/api/environment/e1': json(productionDetail),
});

beforeEach(() => {
  resetBrowserState();
  window.localStorage.setItem('token', 'jwt-1');
});

describe('scope home pages', () => {
  it('shows the organisation, its contract (1 January when unset), its quota and its projects with environments', async () => {
    renderConsole('/orga/o1', server());
    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    const year = String(new Date().getFullYear() % 100).padStart(2, '0');
    expect(screen.getByText(`01/01/${year}`)).toBeInTheDocument();
    expect(screen.getByText('120,000')).toBeInTheDocument();
    const project = screen.getByRole('article', { name: 'Demo project' });
    expect(await within(project).findByRole('link', { name: /Production/ })).toHaveAttribute(
      'href',
      '/project/p1/environment/e1',
    );
    expect(within(project).getByRole('link', { name: /Staging/ })).toHaveAttribute(
      'href',
      '/project/p1/environment/e2',
    );
  });

  it('shows the project with its type, notes, creation date and environments', async () => {
    renderConsole('/project/p1', server());
    expect(await screen.findByRole('heading', { name: 'Demo project', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('NLU')).toBeInTheDocument();
    expect(screen.getByText('Claims triage')).toBeInTheDocument();
    expect(screen.getByText('03/02/26')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: /Production/ })).toHaveAttribute(
      'href',
      '/project/p1/environment/e1',
    );
  });

  it('shows the environment with its visibility and the organisation / project breadcrumb', async () => {
    renderConsole('/project/p1/environment/e1', server());
    expect(await screen.findByRole('heading', { name: 'Production', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Public')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Acme' })).toHaveAttribute('href', '/orga/o1');
    expect(within(main).getByRole('link', { name: 'Demo project' })).toHaveAttribute('href', '/project/p1');
  });

  it('keeps a light user out of the organisation area', async () => {
    renderConsole('/orga/o1', server(makeUser({ isLight: true })));
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Acme' })).not.toBeInTheDocument();
  });
});
