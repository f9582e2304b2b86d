import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';
import { defaultPipeline, moduleList, moduleView } from './testing';

beforeEach(resetBrowserState);

describe('consolidation settings (spec pipeline §3 "Consolidation module: name, workflowId, module order")', () => {
  it('names the consolidation’s workflow, refuses an id that is not one, and warns without a workflow engine', async () => {
    const user = userEvent.setup();
    const pipeline = [
      ...defaultPipeline.slice(0, 5),
      moduleView('consolidation', true, { consolidation: { workflowId: '' } }),
      defaultPipeline[5],
    ];
    const patches: unknown[] = [];
    renderConsole(`${ENV_PATH}/modules/consolidation`, {
      ...environmentRoutes('configurator'),
      [`GET ${API}/modules`]: moduleList(pipeline, undefined, { workflow: { configured: false } }),
      [`PATCH ${API}/modules/consolidation`]: (request) => {
        patches.push(request.body);
        return moduleList(pipeline);
      },
    });
    const section = await screen.findByRole('region', { name: 'Consolidation workflow' });
    expect(
      within(section).getByText(/No workflow engine is configured on this deployment/),
    ).toBeInTheDocument();
    const id = within(section).getByRole('textbox', { name: 'Workflow id' });
    await user.type(id, 'crm/case');
    expect(
      within(section).getByText('"crm/case" is not a workflow id: letters, digits, - and _ (128 at most).'),
    ).toBeInTheDocument();
    await user.clear(id);
    await user.type(id, 'crm-case');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/saved/i);
    expect(patches).toEqual([{ name: '', inputType: 'all', consolidation: { workflowId: 'crm-case' } }]);
  });
});
