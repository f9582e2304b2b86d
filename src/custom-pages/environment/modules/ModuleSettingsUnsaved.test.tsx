import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_OUTPUT } from '../../../../schemas/output';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';
import { defaultPipeline, moduleList, moduleView } from './testing';

beforeEach(resetBrowserState);

const ENV = '/v4/console/api/projects/p1/environments/e1';

describe('a module’s settings page asks before unsaved changes are lost (spec §4)', () => {
  it('offers to stay, then to save and leave the output’s choices', async () => {
    const user = userEvent.setup();
    const patches: unknown[] = [];
    const pipeline = [...defaultPipeline.slice(0, 5), moduleView('output', true, { output: DEFAULT_OUTPUT })];
    renderConsole(`${ENV_PATH}/modules/output`, {
      ...environmentRoutes('configurator'),
      [`GET ${API}/modules`]: moduleList(pipeline),
      [`GET ${API}/categories`]: json([]),
      [`GET ${ENV}`]: json({ id: 'e1', projectId: 'p1', name: 'Production' }),
      [`PATCH ${API}/modules/output`]: (request) => {
        patches.push(request.body);
        return moduleList(pipeline);
      },
    });
    const choices = await screen.findByRole(
      'group',
      { name: 'What the integration receives' },
      { timeout: 8000 },
    );
    await user.click(within(choices).getByRole('checkbox', { name: 'NLU output' }));

    await user.click(screen.getByRole('link', { name: 'Back to the modules' }));
    let dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Settings of Output', level: 1 })).toBeInTheDocument();
    expect(within(choices).getByRole('checkbox', { name: 'NLU output' })).toBeChecked();

    await user.click(screen.getByRole('link', { name: 'Back to the modules' }));
    dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Save and leave' }));
    expect(await screen.findByRole('list', { name: 'Pipeline' })).toBeInTheDocument();
    expect(patches).toEqual([
      expect.objectContaining({ output: expect.objectContaining({ nluOutput: true }) }),
    ]);
  });
});
