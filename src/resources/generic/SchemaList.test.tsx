import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { fakeRest } from '../../test/fakeRest';
import { renderResourceView } from '../../test/renderResourceView';
import { resetBrowserState } from '../../test/renderConsole';
import { getResource } from '../registry';

const members = getResource('members');
const invitations = getResource('invitations');
const scope = { organisationId: 'o1' };

const bob = {
  id: 'm1',
  firstname: 'Bob',
  lastname: 'Smith',
  username: 'bob',
  email: 'bob@acme.test',
  position: 'Clerk',
  role: 'admin',
  projects: [],
};
const carol = {
  ...bob,
  id: 'm2',
  firstname: 'Carol',
  lastname: 'Jones',
  username: 'carol',
  email: 'carol@acme.test',
  role: 'notAdmin',
};

const query = (url: URL, name: string) => JSON.parse(url.searchParams.get(name) ?? 'null') as unknown;

beforeEach(resetBrowserState);

describe('SchemaList', () => {
  it('shows the x-admin columns with translated labels and enum values, sorted by the default sort', async () => {
    const rest = fakeRest('organisations/o1/members', [bob, carol]);
    renderResourceView(<members.list resource={members} scope={scope} />, { routes: rest.routes });
    const table = await screen.findByRole('table', { name: 'Members' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['', 'First name', 'Last name', 'Username', 'Email', 'Position', 'Role']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2].textContent)).toEqual(['Jones', 'Smith']);
    expect(within(rows[0]).getByText('Not admin')).toBeInTheDocument();
    expect(query(rest.requests[0].url, 'sort')).toEqual(['lastname', 'ASC']);
  });

  it('sorts on the server when a column header is clicked, then reverses', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('organisations/o1/members', [bob, carol]);
    renderResourceView(<members.list resource={members} scope={scope} />, { routes: rest.routes });
    await user.click(await screen.findByRole('button', { name: 'Email' }));
    await waitFor(() => expect(query(rest.requests.at(-1)!.url, 'sort')).toEqual(['email', 'ASC']));
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(query(rest.requests.at(-1)!.url, 'sort')).toEqual(['email', 'DESC']));
  });

  it('searches with q and filters an enum field with a translated select', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('organisations/o1/members', [bob, carol]);
    renderResourceView(<members.list resource={members} scope={scope} />, { routes: rest.routes });
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'car');
    await waitFor(() => expect(query(rest.requests.at(-1)!.url, 'filter')).toEqual({ q: 'car' }));
    expect(await screen.findByText('carol@acme.test')).toBeInTheDocument();
    expect(screen.queryByText('bob@acme.test')).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await waitFor(() =>
      expect(query(rest.requests.at(-1)!.url, 'filter')).toEqual({ q: 'car', role: 'admin' }),
    );
    expect(await screen.findByText('No members found')).toBeInTheDocument();
  });

  it('shows a filter a link set on several values of an enum, and one value chosen replaces it', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('organisations/o1/members', [bob, carol]);
    renderResourceView(
      <members.list resource={members} scope={scope} initialFilter={{ role: ['admin', 'notAdmin'] }} />,
      { routes: rest.routes },
    );
    await waitFor(() =>
      expect(query(rest.requests.at(-1)!.url, 'filter')).toEqual({ role: ['admin', 'notAdmin'] }),
    );
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(role).toHaveTextContent('Admin, Not admin');
    await user.click(role);
    await user.click(await screen.findByRole('option', { name: 'Not admin' }));
    await waitFor(() => expect(query(rest.requests.at(-1)!.url, 'filter')).toEqual({ role: 'notAdmin' }));
    expect(role).toHaveTextContent('Not admin');
  });

  it('pages on the server with the total of Content-Range', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 30 }, (_, i) => ({
      ...bob,
      id: `m${i}`,
      lastname: `Name ${String(i).padStart(2, '0')}`,
    }));
    const rest = fakeRest('organisations/o1/members', many);
    renderResourceView(<members.list resource={members} scope={scope} />, { routes: rest.routes });
    expect(await screen.findByText('1–25 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('26–30 of 30')).toBeInTheDocument();
    expect(query(rest.requests.at(-1)!.url, 'range')).toEqual([25, 49]);
  });

  it('deletes the selected rows after a confirmation', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('organisations/o1/members', [bob, carol]);
    renderResourceView(<members.list resource={members} scope={scope} />, { routes: rest.routes });
    await screen.findByText('bob@acme.test');
    await user.click(screen.getAllByRole('checkbox', { name: 'Select this row' })[0]);
    expect(screen.getByText('1 item selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete Member')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rest.records.map((record) => record.id)).toEqual(['m1']));
    expect(await screen.findByText('Member deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('carol@acme.test')).not.toBeInTheDocument());
  });

  it('opens an editable record at its edit link and offers creation at the create link', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('organisations/o1/members', [bob]);
    const links = { create: '/create-user', edit: (id: unknown) => `/edit-user/${String(id)}` };
    const { router } = renderResourceView(<members.list resource={members} scope={scope} links={links} />, {
      routes: rest.routes,
    });
    await user.click(await screen.findByText('bob@acme.test'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-user/m1'));
    await router.navigate('/here');
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-user'));
  });

  it('edits and creates in a dialog when the page gives no route for them', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('organisations/o1/members', [bob]);
    renderResourceView(<members.list resource={members} scope={scope} />, { routes: rest.routes });
    await user.click(await screen.findByText('bob@acme.test'));
    let dialog = await screen.findByRole('dialog', { name: 'Edit member' });
    const position = await within(dialog).findByRole('textbox', { name: 'Position' });
    await user.clear(position);
    await user.type(position, 'Manager');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Manager')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create' }));
    dialog = await screen.findByRole('dialog', { name: 'Create member' });
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a record that cannot be edited (an invitation) read-only in a dialog', async () => {
    const user = userEvent.setup();
    const invitation = {
      id: 'i1',
      email: 'dan@acme.test',
      firstname: 'Dan',
      lastname: 'Brown',
      position: '',
      role: 'notAdmin',
      state: 'pending',
      createdAt: '2026-03-02T10:00:00.000Z',
    };
    const rest = fakeRest('organisations/o1/invitations', [invitation]);
    renderResourceView(<invitations.list resource={invitations} scope={scope} />, { routes: rest.routes });
    expect(await screen.findByText(/^03\/02\/26 /)).toBeInTheDocument();
    await user.click(screen.getByText('dan@acme.test'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Pending')).toBeInTheDocument();
    expect(within(dialog).getByText('Sent on')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('offers neither creation nor deletion to a member who is not an organisation admin', async () => {
    const rest = fakeRest('organisations/o1/members', [bob]);
    renderResourceView(<members.list resource={members} scope={scope} />, {
      routes: rest.routes,
      user: makeUser(),
    });
    expect(await screen.findByText(/Your role does not give access/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  });
});
