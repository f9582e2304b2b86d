import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';

const list = (name: string, records: Record<string, unknown>[]) =>
  new Response(JSON.stringify(records), {
    headers: {
      'content-type': 'application/json',
      'content-range': `${name} 0-${records.length}/${records.length}`,
    },
  });

const open = async () => {
  const posted: { path: string; body: unknown }[] = [];
  const created: FakeRoute = (request) => {
    posted.push({ path: request.url.pathname, body: request.body });
    return json({ id: `new-${posted.length}`, ...(request.body as object) }, 201);
  };
  const routes: Record<string, FakeRoute> = {
    ...environmentRoutes('configurator'),
    [`GET ${API}/archetypes`]: list('archetypes', [{ id: 'a1', name: 'refund', expressions: [] }]),
    [`GET ${API}/interactions`]: list('interactions', []),
    [`GET ${API}/categories`]: list('categories', []),
    [`GET ${API}/contexts`]: list('contexts', [{ id: 'c1', name: 'care', languages: ['auto'] }]),
    [`GET ${API}/interaction-functions`]: list('interaction-functions', []),
    [`GET ${API}/builtin-archetypes`]: json([]),
    [`POST ${API}/archetypes`]: created,
    [`POST ${API}/interactions`]: created,
    [`POST ${API}/categories`]: created,
  };
  renderConsole(`${ENV_PATH}/configuration`, routes);
  await screen.findByRole('heading', { name: 'Configuration', level: 1 }, { timeout: 20_000 });
  return posted;
};

beforeEach(resetBrowserState);

describe('advanced creation wizard (spec pipeline §2, §5)', () => {
  it('flags a taken name, reuses the existing archetype, needs a context, then creates the interaction and the category', async () => {
    const user = userEvent.setup();
    const posted = await open();
    await user.click(screen.getByRole('button', { name: 'Advanced creation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Advanced creation' });

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'refund');
    expect(await within(dialog).findByText('already exists')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('already exists');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Use the existing one' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'asks a refund');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Select at least one context');
    await user.click(within(dialog).getByRole('checkbox', { name: 'care' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Refund');
    await user.type(within(dialog).getByRole('textbox', { name: 'Rule name' }), 'asks');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Archetype, interaction and category created')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        path: `${API}/interactions`,
        body: {
          name: 'asks a refund',
          contexts: ['care'],
          functions: [],
          parameters: [{ position: 1, name: 'refund', archetype: 'refund' }],
        },
      },
      {
        path: `${API}/categories`,
        body: {
          name: 'Refund',
          kind: 'message',
          rules: [{ name: 'asks', priority: 10, criteria: { type: 'interaction', name: 'asks a refund' } }],
        },
      },
    ]);
  });
});
