import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fakeApi';
import { fakeRest } from '../../../test/fakeRest';
import { renderResourceView } from '../../../test/renderResourceView';
import { resetBrowserState } from '../../../test/renderConsole';
import { getResource } from '../../registry';

const projects = getResource('projects');
const members = getResource('members');
const environments = getResource('environments');
const demo = {
  id: 'p1',
  organisationId: 'o1',
  name: 'Demo project',
  type: 'nlu',
  notes: 'Claims',
  createdAt: '2026-03-02T10:00:00.000Z',
};

beforeEach(resetBrowserState);

describe('generated forms', () => {
  it('says which mandatory member fields are missing, in the user language, before sending anything', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('organisations/o1/members', []);
    renderResourceView(<members.create resource={members} scope={{ organisationId: 'o1' }} />, {
      routes: rest.routes,
    });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    for (const label of [/First name/, /Last name/, /Username/, /^Email/]) {
      const field = screen.getByRole('textbox', { name: label });
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getAllByText('Required')).toHaveLength(4);
    expect(rest.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('shows the spec message when a project name exceeds 50 characters, and clears it once fixed', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('projects', [demo]);
    renderResourceView(<projects.edit resource={projects} scope={{ organisationId: 'o1' }} id="p1" />, {
      routes: rest.routes,
    });
    const name = await screen.findByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'x'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('New project name cannot exceed 50 characters')).toBeInTheDocument();
    expect(rest.requests.filter((request) => request.method === 'PUT')).toEqual([]);
    await user.type(name, '{Backspace}');
    await waitFor(() =>
      expect(screen.queryByText('New project name cannot exceed 50 characters')).not.toBeInTheDocument(),
    );
  });

  it('says the spec message in French too', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    renderResourceView(<projects.edit resource={projects} scope={{ organisationId: 'o1' }} id="p1" />, {
      routes: fakeRest('projects', [demo]).routes,
    });
    const name = await screen.findByRole('textbox', { name: /Nom/ });
    await user.type(name, 'x'.repeat(40));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Le nouveau nom du projet ne peut pas dépasser 50 caractères'),
    ).toBeInTheDocument();
  });

  it('edits a record: read-only fields disabled and not sent, the rest sent with PUT', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('projects', [demo]);
    const onSaved = vi.fn();
    renderResourceView(
      <projects.edit resource={projects} scope={{ organisationId: 'o1' }} id="p1" onSaved={onSaved} />,
      {
        routes: rest.routes,
      },
    );
    expect(await screen.findByRole('textbox', { name: 'Identifier' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Organisation' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), ' and more');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = rest.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({ name: 'Demo project', type: 'nlu', notes: 'Claims and more' });
    expect(await screen.findByText('Project saved')).toBeInTheDocument();
  });

  it('creates with the schema defaults and the scope field of top addressing', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('projects', []);
    const onSaved = vi.fn();
    renderResourceView(
      <projects.create resource={projects} scope={{ organisationId: 'o1' }} onSaved={onSaved} />,
      {
        routes: rest.routes,
      },
    );
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Claims');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'created-1' })));
    expect(rest.requests.at(-1)?.body).toEqual({
      name: 'Claims',
      type: 'nlu',
      notes: '',
      organisationId: 'o1',
    });
  });

  it('starts a new environment on AI version v4 and puts the 409 on the name field, translated', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    const taken = 'This name is already used for an environment in this project';
    renderResourceView(<environments.create resource={environments} scope={{ projectId: 'p1' }} />, {
      routes: {
        'POST /v4/console/api/projects/p1/environments': json(
          { code: 'ENV_NAME_TAKEN', message: taken, details: [{ path: 'name', message: taken }] },
          409,
        ),
      },
      user: undefined,
    });
    expect(await screen.findByRole('combobox', { name: /Version de l’IA/ })).toHaveTextContent('v4');
    await user.type(screen.getByRole('textbox', { name: /Nom/ }), 'Production');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Ce nom est déjà utilisé pour un environnement de ce projet'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Nom/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts the server validation details on their fields, nested ones included, and the rest above the buttons', async () => {
    const user = userEvent.setup();
    const bob = {
      id: 'm1',
      firstname: 'Bob',
      lastname: 'Smith',
      username: 'bob',
      email: 'bob@acme.test',
      position: '',
      role: 'admin',
      projects: [{ projectId: 'p1', access: 'qualifier' }],
    };
    const rest = fakeRest('organisations/o1/members', [bob]);
    renderResourceView(<members.edit resource={members} scope={{ organisationId: 'o1' }} id="m1" />, {
      routes: {
        ...rest.routes,
        'GET /v4/console/api/projects': json([{ ...demo }]),
        'PUT /v4/console/api/organisations/o1/members/m1': json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Invalid member',
            details: [
              { path: 'email', message: 'is already used by another account' },
              { path: 'projects/0/access', message: 'is not allowed for this project' },
              { path: 'quota', message: 'is over the limit' },
            ],
          },
          400,
        ),
      },
    });
    const project = await screen.findByRole('combobox', { name: /Project/ });
    await waitFor(() => expect(project).toHaveTextContent('Demo project'));
    expect(screen.getByText('Project access 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('is already used by another account')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('is not allowed for this project')).toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getByText('is over the limit')).toBeInTheDocument();
  });

  it('says coded field problems of a refused save in the user language, under their fields', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    const interactions = getResource('interactions');
    const rest = fakeRest('environments/e1/interactions', [
      { id: 'i1', name: 'cancellation', contexts: ['care', 'sales'], parameters: [], functions: [] },
    ]);
    const contexts = fakeRest('environments/e1/contexts', [
      { id: 'c1', name: 'care' },
      { id: 'c2', name: 'sales' },
    ]);
    renderResourceView(
      <interactions.edit resource={interactions} scope={{ environmentId: 'e1', projectId: 'p1' }} id="i1" />,
      {
        routes: {
          ...rest.routes,
          ...contexts.routes,
          'PUT /v4/console/api/environments/e1/interactions/i1': json(
            {
              code: 'VALIDATION_FAILED',
              message: "The context 'sales' does not exist; An interaction needs at least one parameter",
              params: { fields: 'contexts.1, parameters' },
              details: [
                {
                  path: 'contexts.1',
                  message: "The context 'sales' does not exist",
                  code: 'contextUnknown',
                  params: { name: 'sales' },
                },
                {
                  path: 'parameters',
                  message: 'An interaction needs at least one parameter',
                  code: 'parametersNone',
                },
                // A rule of the JSON schema (Ajv's words for API clients), by its code too.
                {
                  path: 'name',
                  message: 'must NOT have more than 100 characters',
                  keyword: 'maxLength',
                  code: 'schemaMaxLength',
                  params: { limit: 100 },
                },
              ],
            },
            400,
          ),
        },
      },
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Contextes 2' })).toHaveTextContent('sales'),
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le contexte « sales » n’existe pas')).toBeInTheDocument();
    expect(screen.getByText('Une interaction doit avoir au moins un paramètre')).toBeInTheDocument();
    expect(screen.getByText('Doit contenir au plus 100 caractères')).toBeInTheDocument();
    expect(screen.queryByText("The context 'sales' does not exist")).not.toBeInTheDocument();
    expect(screen.queryByText(/must NOT have/)).not.toBeInTheDocument();
  });

  it('titles each item of a list of names by the list and its rank, and picks it among the referenced records', async () => {
    const interactions = getResource('interactions');
    const rest = fakeRest('environments/e1/interactions', [
      { id: 'i1', name: 'cancellation', contexts: ['care', 'sales'], parameters: [], functions: [] },
    ]);
    const contexts = fakeRest('environments/e1/contexts', [
      { id: 'c1', name: 'care' },
      { id: 'c2', name: 'sales' },
    ]);
    renderResourceView(
      <interactions.edit resource={interactions} scope={{ environmentId: 'e1', projectId: 'p1' }} id="i1" />,
      { routes: { ...rest.routes, ...contexts.routes } },
    );
    // Not rjsf's own `contexts-1`: the list's label and the item's rank.
    const first = await screen.findByRole('combobox', { name: 'Contexts 1' });
    await waitFor(() => expect(first).toHaveTextContent('care'));
    expect(screen.getByRole('combobox', { name: 'Contexts 2' })).toHaveTextContent('sales');
  });
});
