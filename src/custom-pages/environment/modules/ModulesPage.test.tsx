import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_OUTPUT } from '../../../../schemas/output';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { flagStore } from '../../../featureFlags';
import { fakeRest } from '../../../test/fakeRest';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';
import { defaultPipeline as pipeline, moduleList, moduleView as view } from './testing';

beforeEach(resetBrowserState);
// The flag store outlives a test's local storage.
afterEach(() => flagStore.set('taintsRouting', false));

const ENV = '/v4/console/api/projects/p1/environments/e1';

describe('modules page (spec pipeline §2 "a page to add and delete modules", §4)', () => {
  it('orders the modules, keeps the extractor, the NLU and the output in place, deactivates one after saying what it deletes', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const routes: Record<string, FakeRoute> = {
      ...environmentRoutes('configurator'),
      [`GET ${API}/modules`]: moduleList(pipeline),
      [`PUT ${API}/modules/order`]: (request) => {
        sent.push(request.body);
        return moduleList([pipeline[0], pipeline[1], pipeline[3], pipeline[2], ...pipeline.slice(4)]);
      },
      [`DELETE ${API}/modules/categorization`]: () =>
        moduleList(
          [...pipeline.slice(0, 2), ...pipeline.slice(3), view('categorization', false)],
          undefined,
          { deleted: [{ resource: 'category', count: 3 }] },
        ),
    };
    renderConsole(`${ENV_PATH}/modules`, routes);
    const modules = await screen.findByRole('list', { name: 'Pipeline' }, { timeout: 8000 });
    expect(
      within(modules)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      expect.stringMatching(/^1\. Extractor/),
      expect.stringMatching(/^2\. NLU/),
      expect.stringMatching(/^3\. Categorization.*Reads: Emails.*Context: claims/),
      expect.stringMatching(/^4\. Information extraction/),
      expect.stringMatching(/^5\. Reply generator/),
      expect.stringMatching(/^6\. Output/),
    ]);
    expect(screen.getByRole('button', { name: 'Move NLU down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Reply generator down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Output up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Categorization up' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Settings of Categorization' })).toHaveAttribute(
      'href',
      `${ENV_PATH}/modules/categorization`,
    );

    await user.click(screen.getByRole('button', { name: 'Move Information extraction up' }));
    expect(await screen.findByText('Module order saved')).toBeInTheDocument();
    expect(sent).toEqual([
      { types: ['extractor', 'nlu', 'extraction', 'categorization', 'replyTemplate', 'output'] },
    ]);

    await user.click(screen.getByRole('button', { name: 'Deactivate Categorization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate the module Categorization?' });
    expect(within(dialog).getByRole('list')).toHaveTextContent('3 categories and their rules');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate and delete' }));
    expect(await screen.findByRole('button', { name: 'Add Categorization' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Pipeline' })).getAllByRole('listitem')).toHaveLength(5);
  });

  it('adds the vision engine from the modules to add, links to its settings, and warns that no LLM endpoint answers', async () => {
    const user = userEvent.setup();
    const vision = view('visionEngine');
    const withVision = [...pipeline.slice(0, 3), vision, ...pipeline.slice(3, 6)];
    const routes: Record<string, FakeRoute> = {
      ...environmentRoutes('configurator'),
      [`GET ${API}/modules`]: moduleList(pipeline, { configured: false, model: null }),
      [`POST ${API}/modules`]: moduleList(withVision, { configured: false, model: null }),
    };
    renderConsole(`${ENV_PATH}/modules`, routes);
    await screen.findByRole('list', { name: 'Pipeline' }, { timeout: 8000 });
    // No vision engine in the pipeline: nothing to warn about yet.
    expect(screen.queryByText(/No LLM endpoint is configured/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Vision engine' }));
    expect(await screen.findByText('Module added to the pipeline')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Pipeline' }))
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toContainEqual(expect.stringMatching(/^4\. Vision engine/));
    expect(screen.getByRole('link', { name: 'Settings of Vision engine' })).toHaveAttribute(
      'href',
      `${ENV_PATH}/modules/visionEngine`,
    );
    expect(
      screen.getByText(
        'No LLM endpoint is configured on this deployment: the vision engine is skipped, with a warning, on each analysis.',
      ),
    ).toBeInTheDocument();
  });

  it('saves a module settings, and says which module failed and why, under the field', async () => {
    const user = userEvent.setup();
    const patches: unknown[] = [];
    const routes: Record<string, FakeRoute> = {
      ...environmentRoutes('configurator'),
      [`GET ${API}/modules`]: moduleList(pipeline),
      [`GET ${API}/contexts`]: json([{ id: 'c1', name: 'claims' }]),
      [`GET ${API}/categories`]: json([{ id: 'k1', name: 'Claim', kind: 'message' }]),
      [`GET ${ENV}`]: json({ id: 'e1', projectId: 'p1', name: 'Production', defaultCategory: 'Other' }),
      [`PATCH ${API}/modules/categorization`]: (request) => {
        patches.push(request.body);
        return json(
          {
            code: 'VALIDATION_FAILED',
            message: "Rule 'urgent' of category 'Claim' reads mail headers",
            details: [{ path: 'inputType', message: "Rule 'urgent' of category 'Claim' reads mail headers" }],
          },
          400,
        );
      },
    };
    renderConsole(`${ENV_PATH}/modules/categorization`, routes);
    await screen.findByRole('heading', { name: 'Settings of Categorization', level: 1 }, { timeout: 8000 });
    // A default category is a name, configured as a category or not.
    expect(await screen.findByRole('combobox', { name: 'Default category (messages)' })).toHaveValue('Other');
    await user.click(await screen.findByRole('combobox', { name: 'Input type' }));
    await user.click(await screen.findByRole('option', { name: 'Pasted text' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        "The Categorization module’s settings were not saved: Rule 'urgent' of category 'Claim' reads mail headers",
      ),
    ).toBeInTheDocument();
    expect(patches).toEqual([{ name: '', inputType: 'text', context: 'claims' }]);
    expect(
      screen.getAllByText("Rule 'urgent' of category 'Claim' reads mail headers").length,
    ).toBeGreaterThan(0);
  });

  it('chooses what the output sends, and warns as the choices change (spec §5, §8)', async () => {
    const user = userEvent.setup();
    const patches: unknown[] = [];
    const routes: Record<string, FakeRoute> = {
      ...environmentRoutes('configurator'),
      [`GET ${API}/modules`]: moduleList(pipeline),
      [`GET ${API}/contexts`]: json([]),
      [`GET ${API}/categories`]: json([{ id: 'k1', name: 'Claim', kind: 'message' }]),
      [`GET ${ENV}`]: json({ id: 'e1', projectId: 'p1', name: 'Production', defaultCategory: 'Other' }),
      [`PATCH ${API}/modules/output`]: (request) => {
        patches.push(request.body);
        return moduleList(pipeline);
      },
    };
    renderConsole(`${ENV_PATH}/modules/output`, routes);
    await screen.findByRole('heading', { name: 'Settings of Output', level: 1 }, { timeout: 8000 });
    const choices = await screen.findByRole('group', { name: 'What the integration receives' });
    expect(screen.queryByRole('combobox', { name: 'NLU context' })).not.toBeInTheDocument();
    expect(within(choices).getByRole('checkbox', { name: 'Categories' })).toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const skip = screen.getByRole('combobox', { name: 'Categories to skip' });
    await user.type(skip, 'Claim{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(skip, 'Ghost{Enter}');
    expect(
      await screen.findByText('Categories to skip that no category of this environment has: Ghost.'),
    ).toBeInTheDocument();

    await user.click(within(choices).getByRole('checkbox', { name: 'Categories' }));
    expect(
      screen.getByText(
        'The categorization module gives categories: activate categories in the Output module to send them.',
      ),
    ).toBeInTheDocument();
    for (const name of ['Extracted data', 'Metadata', 'Reply proposal', 'Vision engine output'])
      await user.click(within(choices).getByRole('checkbox', { name }));
    expect(screen.getByText('Nothing is selected: the integration will have no effect.')).toBeInTheDocument();

    await user.click(
      within(choices).getByRole('checkbox', { name: 'Add attachments data (file name and base64 content)' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Module settings saved')).toBeInTheDocument();
    expect(patches).toEqual([
      {
        name: '',
        inputType: 'all',
        output: {
          ...DEFAULT_OUTPUT,
          attachmentsData: true,
          categories: { enabled: false, skip: ['Claim', 'Ghost'] },
          extractedData: false,
          metadata: false,
          replyProposal: false,
          visionOutput: false,
        },
      },
    ]);
  });

  it('limits a module after the categorization by a taint its rules set, with the taints flag on', async () => {
    flagStore.set('taintsRouting', true);
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const categories = fakeRest('environments/e1/categories', [
      { id: 'c1', name: 'Confidential', kind: 'message', rules: [{ name: 'secret', taint: 'sensitive' }] },
    ]);
    const routes: Record<string, FakeRoute> = {
      ...environmentRoutes('configurator'),
      ...categories.routes,
      [`GET ${API}/modules`]: moduleList(pipeline),
      [`PATCH ${API}/modules/extraction`]: (request) => {
        sent.push(request.body);
        return moduleList(
          pipeline.map((m) =>
            m.type === 'extraction' ? { ...m, taint: 'sensitive', taintMode: 'without' as const } : m,
          ),
        );
      },
    };
    renderConsole(`${ENV_PATH}/modules`, routes);
    await screen.findByRole('list', { name: 'Pipeline' }, { timeout: 8000 });
    // Before the categorization nothing sets taints: no routing there.
    expect(screen.queryByRole('button', { name: 'Taint routing of NLU' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Taint routing of Categorization' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Taint routing of Information extraction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Taint routing: Information extraction' });
    await user.click(within(dialog).getByRole('combobox', { name: 'The module runs' }));
    await user.click(await screen.findByRole('option', { name: 'only without the taint' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Taint' }));
    await user.click(await screen.findByRole('option', { name: 'sensitive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Only without the taint “sensitive”')).toBeInTheDocument();
    expect(sent).toEqual([{ taint: 'sensitive', taintMode: 'without' }]);
  });

  it('offers no taint routing with the taints flag off', async () => {
    renderConsole(`${ENV_PATH}/modules`, {
      ...environmentRoutes('configurator'),
      [`GET ${API}/modules`]: moduleList(pipeline),
    });
    await screen.findByRole('list', { name: 'Pipeline' }, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: /^Taint routing of/ })).not.toBeInTheDocument();
  });
});
