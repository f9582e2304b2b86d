import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';

beforeEach(resetBrowserState);

const categories = [{ id: 'c1', name: 'Claims', kind: 'message', rules: [] }];

describe('renaming a category (spec pipeline §5)', () => {
  it('asks for a changed name, then renames through the server and says how many references followed', async () => {
    const user = userEvent.setup();
    const renamed: unknown[] = [];
    const routes: Record<string, FakeRoute> = {
      ...environmentRoutes('configurator'),
      [`GET ${API}/categories`]: () =>
        new Response(JSON.stringify(categories), {
          headers: { 'content-type': 'application/json', 'content-range': 'categories 0-0/1' },
        }),
      [`GET ${API}/flagged-rules`]: json({ flagged: [], compatibility: [] }),
      [`POST ${API}/categories/c1/rename`]: (request) => {
        renamed.push(request.body);
        return json({ name: 'Claim files', references: 2 });
      },
    };
    renderConsole(`${ENV_PATH}/configuration?section=categories`, routes);
    await user.click(await screen.findByRole('button', { name: 'Rename “Claims”' }, { timeout: 20_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Rename the category “Claims”' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Change the name before saving the rename')).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'New name' });
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Category name cannot be empty')).toBeInTheDocument();
    expect(renamed).toEqual([]);
    await user.type(field, 'Claim files');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category renamed; 2 references followed')).toBeInTheDocument();
    expect(renamed).toEqual([{ name: 'Claim files' }]);
  });
});
