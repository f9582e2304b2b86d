import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { ENV_PATH, environmentRoutes } from '../analyses/testing';

const ENV = '/v4/console/api/projects/p1/environments/e1';
const environment = { id: 'e1', projectId: 'p1', name: 'Production', languages: ['fr'] };

beforeEach(resetBrowserState);

describe('NLU languages of the environment (spec pipeline §3)', () => {
  it('shows the languages with automatic detection, and saves the ones chosen', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    const routes: Record<string, FakeRoute> = {
      ...environmentRoutes('configurator'),
      [`GET ${ENV}`]: json(environment),
      [`PUT ${ENV}`]: (request) => {
        saved.push(request.body);
        return json({ ...environment, ...(request.body as object) });
      },
    };
    renderConsole(`${ENV_PATH}/configuration?section=languages`, routes);
    const french = await screen.findByRole('checkbox', { name: 'French' }, { timeout: 20_000 });
    expect(french).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Automatic detection' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Automatic detection' }));
    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Languages saved')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({ languages: ['fr', 'auto', 'gb'] });
  });

  it('asks before leaving with a choice not saved, and saves it when asked to (spec §4)', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    renderConsole(`${ENV_PATH}/configuration?section=languages`, {
      ...environmentRoutes('configurator'),
      [`GET ${ENV}`]: json(environment),
      [`PUT ${ENV}`]: (request) => {
        saved.push(request.body);
        return json({ ...environment, ...(request.body as object) });
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'English' }, { timeout: 20_000 }));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Configuration elements' })).getByRole('button', {
        name: 'Archetypes',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(saved).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save and leave' }));
    expect(await screen.findByRole('heading', { name: 'Archetypes', level: 2 })).toBeInTheDocument();
    expect(saved[0]).toMatchObject({ languages: ['fr', 'gb'] });
  });
});
