import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getResource } from '../resources/registry';
import { fakeRest } from '../test/fakeRest';
import { makeUser } from '../test/fixtures';
import { resetBrowserState } from '../test/renderConsole';
import { renderResourceView } from '../test/renderResourceView';

const categories = getResource('categories');
const staff = makeUser({ role: 'staff' });
const scope = { organisationId: 'o1', projectId: 'p1', environmentId: 'e1' };

const complaint = {
  id: 'c1',
  environmentId: 'e1',
  name: 'Complaint',
  kind: 'message',
  rules: [
    {
      name: 'angry',
      priority: 1,
      enabled: true,
      criteria: { type: 'all', children: [{ type: 'interaction', name: 'complain' }] },
    },
  ],
};

const setup = (criteria: object = complaint.rules[0].criteria) => {
  const own = fakeRest('environments/e1/categories', [
    { ...complaint, rules: [{ ...complaint.rules[0], criteria }] },
    { id: 'c2', name: 'Spam', kind: 'message' },
  ]);
  const interactions = fakeRest('environments/e1/interactions', [
    { id: 'i1', name: 'complain' },
    { id: 'i2', name: 'cancel' },
  ]);
  renderResourceView(<categories.edit resource={categories} scope={scope} id="c1" />, {
    routes: { ...own.routes, ...interactions.routes },
    user: staff,
  });
  return own;
};

const choose = async (user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) => {
  await user.click(combobox);
  const listbox = await screen.findByRole('listbox');
  const options = within(listbox)
    .getAllByRole('option')
    .map((o) => o.textContent);
  await user.click(within(listbox).getByRole('option', { name: option }));
  return options;
};

beforeEach(resetBrowserState);

describe('a category criterion’s name', () => {
  it('is picked among the interactions or the categories, as the criterion’s type says', async () => {
    const user = userEvent.setup();
    const own = setup();
    // The combined criterion at the second level: interaction "complain".
    const tested = async () => (await screen.findAllByRole('combobox', { name: /Name tested/ })).at(-1)!;
    expect(await choose(user, await tested(), 'cancel')).toEqual(
      expect.arrayContaining(['complain', 'cancel']),
    );
    const types = screen.getAllByRole('combobox', { name: /Criterion/ });
    await choose(user, types.at(-1)!, 'Category already given');
    const offered = await choose(user, await tested(), 'Spam');
    expect(offered).toEqual(expect.arrayContaining(['Complaint', 'Spam']));
    expect(offered).not.toContain('complain');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(own.records[0].rules).toEqual([
        expect.objectContaining({
          criteria: { type: 'all', children: [{ type: 'category', name: 'Spam' }] },
        }),
      ]),
    );
  });

  it('is a picker at the rule’s first level too', async () => {
    const user = userEvent.setup();
    const own = setup({ type: 'category', name: 'Spam' });
    const [tested] = await screen.findAllByRole('combobox', { name: /Name tested/ });
    expect(await choose(user, tested, 'Complaint')).toEqual(expect.arrayContaining(['Complaint', 'Spam']));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(own.records[0].rules).toEqual([
        expect.objectContaining({ criteria: { type: 'category', name: 'Complaint' } }),
      ]),
    );
  });

  it('is typed freely for a header, which names no record', async () => {
    const user = userEvent.setup();
    setup();
    const types = await screen.findAllByRole('combobox', { name: /Criterion/ });
    await choose(user, types.at(-1)!, 'Header');
    await waitFor(() => expect(screen.queryAllByRole('combobox', { name: /Name tested/ })).toHaveLength(0));
    expect(screen.getAllByRole('textbox', { name: /Name tested/ }).at(-1)).toHaveValue('complain');
  });
});
