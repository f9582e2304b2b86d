import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProjectAccessLevel } from '../../../../schemas/contracts/auth';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { toast } from '../../../notifications';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';

/** What the server answers a qualifier or a cockpit viewer asking for the configuration's data. */
const forbidden = json(
  {
    code: 'FORBIDDEN',
    message: 'Reserved to project configurators and above',
    params: { reason: 'project', level: 'configurator' },
  },
  403,
);

const configurationCalls = (): Record<string, FakeRoute> =>
  Object.fromEntries(
    [
      'archetypes',
      'interactions',
      'categories',
      'contexts',
      'servers',
      'interaction-functions',
      'extraction-fields',
      'builtin-archetypes',
      'flagged-rules',
    ].map((path) => [`GET ${API}/${path}`, forbidden]),
  );

beforeEach(resetBrowserState);

describe('the configuration page below the configurator level (spec platform-shell §6)', () => {
  it.each<ProjectAccessLevel>(['qualifier', 'cockpit'])(
    'is not in the %s’s menu, and its address says access is denied without asking the server',
    async (level) => {
      const view = renderConsole(`${ENV_PATH}/configuration`, {
        ...environmentRoutes(level),
        ...configurationCalls(),
      });
      expect(
        await screen.findByRole('heading', { name: 'Access denied' }, { timeout: 15_000 }),
      ).toBeInTheDocument();
      const menu = screen.getByRole('navigation', { name: 'Environment menu' });
      expect(within(menu).getByRole('link', { name: 'Analyses' })).toBeInTheDocument();
      expect(within(menu).queryByRole('link', { name: 'Configuration' })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Configuration', level: 1 })).not.toBeInTheDocument();
      // Give a late call the time to come back: nothing was asked, nothing is toasted.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(view.api.sent.filter((r) => forbiddenPaths.some((p) => r.url.endsWith(p)))).toEqual([]);
      expect(toast.list()).toEqual([]);
    },
  );

  it('opens for configurators', async () => {
    renderConsole(`${ENV_PATH}/configuration`, {
      ...environmentRoutes('configurator'),
      [`GET ${API}/archetypes`]: new Response('[]', {
        headers: { 'content-type': 'application/json', 'content-range': 'archetypes 0-0/0' },
      }),
      [`GET ${API}/builtin-archetypes`]: json([]),
    });
    expect(
      await screen.findByRole('heading', { name: 'Configuration', level: 1 }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Environment menu' })).getByRole('link', {
          name: 'Configuration',
        }),
      ).toBeInTheDocument(),
    );
  });
});

const forbiddenPaths = Object.keys(configurationCalls()).map((key) => key.replace(/^GET /, ''));
