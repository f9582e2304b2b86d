import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../../schemas/contracts/auth';
import { json } from '../../../test/fakeApi';
import { fakeRest } from '../../../test/fakeRest';
import { acme, demoProject, makeUser } from '../../../test/fixtures';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';

const admin = makeUser({
  organisations: { o1: { ...makeUser().organisations.o1, role: 'admin' } },
});
const bob = {
  id: 'm1',
  firstname: 'Bob',
  lastname: 'Smith',
  username: 'bob',
  email: 'bob@acme.test',
  position: '',
  role: 'notAdmin',
  projects: [],
};

const server = (user: CurrentUser = admin) => {
  const members = fakeRest('organisations/o1/members', [bob]);
  const invitations = fakeRest('organisations/o1/invitations', []);
  const projects = fakeRest('projects', [demoProject]);
  return {
    members,
    invitations,
    projects,
    routes: {
      'GET /v4/console/api/user': json(user),
      'GET /v4/console/api/organisations/o1': json(acme),
      'PUT /v4/console/api/organisations/o1': ({ body }: { body: unknown }) =>
        json({ ...acme, ...(body as object) }),
      'GET /v4/console/api/projects/p1/environments': json([]),
      ...members.routes,
      ...invitations.routes,
      ...projects.routes,
    },
  };
};

const menu = () => screen.getByRole('navigation', { name: 'Organisation menu' });

beforeEach(() => {
  resetBrowserState();
  window.localStorage.setItem('token', 'jwt-1');
});

describe('organisation administration (spec §2, §6)', () => {
  it('gives an organisation admin the members and invitations tabs and the administration menu', async () => {
    const user = userEvent.setup();
    const { routes } = server();
    const { router } = renderConsole('/orga/o1', routes);
    expect(await screen.findByRole('tab', { name: 'Members' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Invitations' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(menu())
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([
        'Home',
        'Members',
        'Invitations',
        'Settings',
        'Consumption',
        'New project',
        'Invite a user',
        'Create a user',
        'Audit logs',
      ]),
    );
    await user.click(within(menu()).getByRole('link', { name: 'Members' }));
    expect(router.state.location.search).toBe('?tab=members');
    expect(await screen.findByRole('table', { name: 'Members' })).toBeInTheDocument();
    expect(within(menu()).getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('keeps the administration away from a member who is not admin', async () => {
    renderConsole('/orga/o1', server(makeUser()).routes);
    expect(await screen.findByRole('article', { name: 'Demo project' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(
      within(menu())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home']);
    expect(screen.queryByRole('link', { name: 'New project' })).not.toBeInTheDocument();
  });

  it('creates a member from the members tab, then shows the list again', async () => {
    const user = userEvent.setup();
    const { routes, members } = server();
    const { router } = renderConsole('/orga/o1?tab=members', routes);
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orga/o1/create-user'));
    expect(await screen.findByRole('heading', { name: 'Create a user' })).toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Carol');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Jones');
    await user.type(screen.getByRole('textbox', { name: /Username/ }), 'carol');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'carol@acme.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/orga/o1?tab=members'),
    );
    expect(members.records.at(-1)).toMatchObject({
      firstname: 'Carol',
      email: 'carol@acme.test',
      role: 'notAdmin',
    });
    expect(await screen.findByText('carol@acme.test')).toBeInTheDocument();
  });

  it('opens a member at edit-user and saves their organisation role', async () => {
    const user = userEvent.setup();
    const { routes, members } = server();
    const { router } = renderConsole('/orga/o1?tab=members', routes);
    await user.click(await screen.findByText('bob@acme.test'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orga/o1/edit-user/m1'));
    expect(await screen.findByRole('heading', { name: 'Edit a user' })).toBeInTheDocument();
    await user.click(await screen.findByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=members'));
    expect(members.records[0].role).toBe('admin');
  });

  it('invites a user and lists the invitation', async () => {
    const user = userEvent.setup();
    const { routes, invitations } = server();
    const { router } = renderConsole('/orga/o1/invite-user', routes);
    expect(await screen.findByRole('heading', { name: 'Invite a user' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /State/ })).not.toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'dan@acme.test');
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Dan');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Brown');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=invitations'));
    expect(invitations.records).toHaveLength(1);
    expect(await screen.findByText('dan@acme.test')).toBeInTheDocument();
  });

  const editSettings = (who: CurrentUser) => {
    const sent: unknown[] = [];
    renderConsole('/orga/o1/settings', {
      ...server(who).routes,
      'PUT /v4/console/api/organisations/o1': ({ body }) => {
        sent.push(body);
        return json({ ...acme, ...(body as object) });
      },
    });
    return sent;
  };

  it('edits the organisation settings for an admin, the contract and quota read-only (staff set them)', async () => {
    const user = userEvent.setup();
    const sent = editSettings(admin);
    const quota = await screen.findByRole('spinbutton', { name: 'Yearly analysis quota' });
    expect(quota).toHaveValue(120000);
    expect(quota).toBeDisabled();
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Acme Group');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organisation saved')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ name: 'Acme Group' })]);
  });

  it('lets platform staff set the quota, an unset contract date staying null', async () => {
    const user = userEvent.setup();
    const sent = editSettings({ ...admin, role: 'staff' });
    const quota = await screen.findByRole('spinbutton', { name: 'Yearly analysis quota' });
    await user.clear(quota);
    await user.type(quota, '5000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organisation saved')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Acme', contractStartDate: null, yearlyQuota: 5000 }]);
  });

  it('denies the settings page to a member who is not admin', async () => {
    renderConsole('/orga/o1/settings', server(makeUser()).routes);
    expect(await screen.findByText('Your role does not give access to this page.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('creates a project, then opens its home', async () => {
    const user = userEvent.setup();
    const { routes, projects } = server();
    const { router } = renderConsole('/orga/o1', {
      ...routes,
      'GET /v4/console/api/projects/created-1': () => json(projects.records.at(-1)),
      'GET /v4/console/api/projects/created-1/environments': json([]),
    });
    // The menu and the projects list both offer the link; the list's button is the one under test.
    const button = await waitFor(() => {
      const [inList] = screen
        .getAllByRole('link', { name: 'New project' })
        .filter((link) => !menu().contains(link));
      expect(inList).toBeDefined();
      return inList;
    });
    await user.click(button);
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Claims');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/created-1'));
    expect(projects.records.at(-1)).toMatchObject({ name: 'Claims', organisationId: 'o1', type: 'nlu' });
  });
});
