import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProjectAccessLevel } from '../../../../schemas/contracts/auth';
import { json } from '../../../test/fakeApi';
import { fakeRest } from '../../../test/fakeRest';
import { acme, demoProject, makeUser, production, productionDetail } from '../../../test/fixtures';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';

const withLevel = (access: ProjectAccessLevel) =>
  makeUser({
    organisations: {
      o1: {
        id: 'o1',
        name: 'Acme',
        role: 'notAdmin',
        projects: { p1: { id: 'p1', name: 'Demo project', access, favourite: false, quickAccess: false } },
      },
    },
  });

const server = (access: ProjectAccessLevel = 'configurator') => {
  const projects = fakeRest('projects', [{ ...demoProject }]);
  const environments = fakeRest('projects/p1/environments', [{ ...production }], {
    serverFields: { projectId: 'p1', createdAt: '2026-03-04T10:00:00.000Z' },
  });
  return {
    projects,
    environments,
    routes: {
      'GET /v4/console/api/user': json(withLevel(access)),
      'GET /v4/console/api/organisations/o1': json(acme),
      'GET /v4/console/api/environment/created-1': () =>
        json({ ...productionDetail, ...environments.records.at(-1), projectName: 'Demo project' }),
      ...projects.routes,
      ...environments.routes,
    },
  };
};

const projectMenu = () => screen.findByRole('navigation', { name: 'Project menu' });

beforeEach(() => {
  resetBrowserState();
  window.localStorage.setItem('token', 'jwt-1');
});

describe('project home and menu (spec §2, §5, §6)', () => {
  it('renames the project in a dialog, refusing more than 50 characters with the spec message', async () => {
    const user = userEvent.setup();
    const { routes, projects } = server();
    renderConsole('/project/p1', routes);
    await screen.findByRole('heading', { name: 'Demo project', level: 1 });
    await user.click(await screen.findByRole('button', { name: 'Rename or edit notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the project' });
    const name = await within(dialog).findByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'n'.repeat(51));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('New project name cannot exceed 50 characters'),
    ).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Claims triage');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(projects.records[0].name).toBe('Claims triage');
    // The shell's own reads (home, breadcrumb) are refreshed after the change.
    expect(await screen.findByRole('heading', { name: 'Claims triage', level: 1 })).toBeInTheDocument();
  });

  it('shows why the server refuses to delete a project that has priority environments', async () => {
    const user = userEvent.setup();
    const refusal = 'A project cannot be deleted while it has priority environments';
    renderConsole('/project/p1', {
      ...server().routes,
      'DELETE /v4/console/api/projects/p1': json(
        { code: 'PROJECT_HAS_PRIORITY_ENVIRONMENTS', message: refusal },
        409,
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete project “Demo project”')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  });

  it.each([
    ['fr', /Supprimer/, 'Réservé aux configurateurs du projet'],
    ['en', /Delete/, 'Reserved to project configurators'],
  ])(
    'says a 403 FORBIDDEN from its code and params in the user’s language (%s), not the server’s English',
    async (locale, deleteButton, words) => {
      window.localStorage.setItem('locale', locale);
      const user = userEvent.setup();
      renderConsole('/project/p1', {
        ...server().routes,
        'DELETE /v4/console/api/projects/p1': json(
          {
            code: 'FORBIDDEN',
            message: 'Reserved to project configurators and above',
            params: { reason: 'project', level: 'configurator' },
          },
          403,
        ),
      });
      await user.click(await screen.findByRole('button', { name: deleteButton }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: deleteButton }));
      // The dialog's refusal and the "403 Forbidden" notice (spec §8) both say it.
      expect(await screen.findAllByText(words)).toHaveLength(2);
      expect(screen.queryByText('Reserved to project configurators and above')).not.toBeInTheDocument();
    },
  );

  it('deletes the project after confirmation and returns to the organisation', async () => {
    const user = userEvent.setup();
    const { routes, projects } = server();
    const { router } = renderConsole('/project/p1', routes);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orga/o1'));
    expect(projects.records).toEqual([]);
  });

  it('creates an environment on v4 by default, then opens it, and lists it in the project menu', async () => {
    const user = userEvent.setup();
    const { routes, environments } = server();
    const { router } = renderConsole('/project/p1', routes);
    await user.click(await within(await projectMenu()).findByRole('link', { name: 'New environment' }));
    expect(await screen.findByRole('heading', { name: 'New environment' })).toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Staging');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/environment/created-1'));
    expect(environments.records.at(-1)).toMatchObject({
      name: 'Staging',
      aiVersion: 'v4',
      visibility: 'public',
    });
    expect(await screen.findByRole('heading', { name: 'Staging', level: 1 })).toBeInTheDocument();
    // Back on the project, its menu no longer shows the list it had before the creation.
    await act(() => router.navigate('/project/p1'));
    expect(await within(await projectMenu()).findByRole('link', { name: 'Staging' })).toBeInTheDocument();
  });

  it.each(['qualifier', 'cockpit'] as const)(
    'shows a %s no configuration entry nor action',
    async (level) => {
      renderConsole('/project/p1', server(level).routes);
      expect(await screen.findByRole('heading', { name: 'Demo project', level: 1 })).toBeInTheDocument();
      expect(
        await within(await projectMenu()).findByRole('link', { name: 'Production' }),
      ).toBeInTheDocument();
      expect(
        within(await projectMenu()).queryByRole('link', { name: 'New environment' }),
      ).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Rename or edit notes' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    },
  );

  it('refuses the env-new page to a qualifier', async () => {
    renderConsole('/project/p1/env-new', server('qualifier').routes);
    expect(await screen.findByText('Your role does not give access to this page.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Name/ })).not.toBeInTheDocument();
  });
});
