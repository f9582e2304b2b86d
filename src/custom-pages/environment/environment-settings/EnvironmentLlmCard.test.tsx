import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';

beforeEach(resetBrowserState);

const deployment = { configured: false, model: null };

describe('the environment’s own LLM endpoint (environment settings)', () => {
  it('saves an endpoint with a write-only key, shows a refused URL under its field, and goes back to the deployment’s', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let saves = 0;
    renderConsole(`${ENV_PATH}/env-management/settings`, {
      ...environmentRoutes('configurator'),
      'GET /v4/console/api/projects/p1/environments/e1': json({
        id: 'e1',
        projectId: 'p1',
        name: 'Production',
      }),
      [`GET ${API}/llm`]: json({ override: null, deployment }),
      [`PUT ${API}/llm`]: (request) => {
        sent.push(request.body);
        saves += 1;
        return saves === 1
          ? json(
              {
                code: 'VALIDATION_FAILED',
                message: '10.0.0.5 is an internal address',
                details: [
                  { path: 'baseUrl', keyword: 'internalAddress', message: '10.0.0.5 is an internal address' },
                ],
              },
              400,
            )
          : json({
              override: { baseUrl: 'https://llm.example.com/v1', model: 'vision-1', apiKeySet: true },
              deployment,
            });
      },
      [`DELETE ${API}/llm`]: json({ override: null, deployment }),
    });
    const card = await screen.findByRole('region', { name: 'The environment’s LLM endpoint' });
    expect(within(card).getByText(/neither the deployment nor this environment has one/)).toBeInTheDocument();
    await user.type(within(card).getByRole('textbox', { name: 'Base address' }), 'http://10.0.0.5/v1');
    await user.type(within(card).getByRole('textbox', { name: 'Model' }), 'vision-1');
    await user.type(within(card).getByLabelText('API key'), 'sk-secret');
    await user.click(within(card).getByRole('button', { name: 'Use this endpoint' }));
    expect(
      await within(card).findByText(
        'This is an internal address: the platform sends nothing there unless OUTBOUND_ALLOW names it.',
      ),
    ).toBeInTheDocument();

    await user.clear(within(card).getByRole('textbox', { name: 'Base address' }));
    await user.type(
      within(card).getByRole('textbox', { name: 'Base address' }),
      'https://llm.example.com/v1',
    );
    await user.click(within(card).getByRole('button', { name: 'Use this endpoint' }));
    expect(
      await within(card).findByText('This environment uses its own endpoint, model vision-1.'),
    ).toBeInTheDocument();
    expect(sent[1]).toEqual({
      baseUrl: 'https://llm.example.com/v1',
      model: 'vision-1',
      apiKey: 'sk-secret',
    });
    // The key is never shown again: the field is empty and says one is saved.
    expect(within(card).getByLabelText('API key')).toHaveValue('');
    expect(within(card).getByText(/A key is saved; it is never shown again/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Back to the deployment’s endpoint' }));
    expect(
      await within(card).findByText(/neither the deployment nor this environment has one/),
    ).toBeInTheDocument();
  });

  it('asks before leaving with an unsaved endpoint, beside the settings form, and "save and leave" saves it', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const saved = { baseUrl: 'https://llm.example.com/v1', model: 'vision-1', apiKeySet: false };
    const { router } = renderConsole(`${ENV_PATH}/env-management/settings`, {
      ...environmentRoutes('configurator'),
      'GET /v4/console/api/projects/p1/environments/e1': json({
        id: 'e1',
        projectId: 'p1',
        name: 'Production',
      }),
      // This short record gets its defaults in the form, which then counts as changed and is saved too.
      'PUT /v4/console/api/projects/p1/environments/e1': (request) => json(request.body),
      [`GET ${API}/llm`]: json({ override: null, deployment }),
      [`PUT ${API}/llm`]: (request) => {
        sent.push(request.body);
        return json({ override: saved, deployment });
      },
    });
    const card = await screen.findByRole('region', { name: 'The environment’s LLM endpoint' });
    // The settings form above has its own guard; the page's last one must still ask for the card.
    await screen.findByRole('button', { name: 'Save' }, { timeout: 8000 });
    // The address pasted, the model typed: each keystroke re-renders the settings form above too,
    // which on CI's loaded cores took this test past its time limit.
    await user.click(within(card).getByRole('textbox', { name: 'Base address' }));
    await user.paste(saved.baseUrl);
    await user.type(within(card).getByRole('textbox', { name: 'Model' }), saved.model);
    void router.navigate(ENV_PATH);
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(`${ENV_PATH}/env-management/settings`);
    expect(within(card).getByRole('textbox', { name: 'Model' })).toHaveValue('vision-1');
    void router.navigate(ENV_PATH);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Save and leave',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(ENV_PATH));
    expect(sent).toEqual([{ baseUrl: saved.baseUrl, model: saved.model }]);
    // A liveness bound: the whole settings page renders here, 7 s alone, 20 s and more beside PGlite's API tests.
  }, 60_000);
});
