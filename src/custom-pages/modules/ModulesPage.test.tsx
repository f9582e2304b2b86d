import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ModuleView } from '../../../schemas/contracts/modules';
import { DEFAULT_OUTPUT } from '../../../schemas/output';
import type { FakeRoute } from '../../test/fakeApi';
import { json } from '../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';

beforeEach(resetBrowserState);

const view = (type: ModuleView['type'], active = true, extra: Partial<ModuleView> = {}): ModuleView => ({
  type,
  active,
  name: '',
  inputType: 'all',
  context: '',
  configuration: type === 'categorization' ? [{ resource: 'category', count: 3 }] : [],
  ...extra,
});
const pipeline = [
  view('extractor'),
  view('nlu'),
  view('categorization', true, { inputType: 'email', context: 'claims' }),
  view('extraction'),
  view('replyTemplate'),
  view('output', true, { output: DEFAULT_OUTPUT }),
];
const list = (response: { modules: ModuleView[] }) => json(response);
const ENV = '/v4/console/api/projects/p1/environments/e1';

describe('modules page (spec pipeline §2 "a page to add and delete modules", §4)', () => {
  it('orders the modules, keeps the extractor, the NLU and the output in place, deactivates one after saying what it deletes', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const routes: Record<string, FakeRoute> = {
      ...environmentRoutes('configurator'),
      [`GET ${API}/modules`]: list({ modules: pipeline }),
      [`PUT ${API}/modules/order`]: (request) => {
        sent.push(request.body);
        return list({
          modules: [pipeline[0], pipeline[1], pipeline[3], pipeline[2], pipeline[4], pipeline[5]],
        });
      },
      [`DELETE ${API}/modules/categorization`]: () =>
        json({
          deleted: [{ resource: 'category', count: 3 }],
          modules: [
            pipeline[0],
            pipeline[1],
            pipeline[3],
            pipeline[4],
            pipeline[5],
            view('categorization', false),
          ],
        }),
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

  it('saves a module settings, and says which module failed and why, under the field', async () => {
    const user = userEvent.setup();
    const patches: unknown[] = [];
    const routes: Record<string, FakeRoute> = {
      ...environmentRoutes('configurator'),
      [`GET ${API}/modules`]: list({ modules: pipeline }),
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
      [`GET ${API}/modules`]: list({ modules: pipeline }),
      [`GET ${API}/contexts`]: json([]),
      [`GET ${API}/categories`]: json([{ id: 'k1', name: 'Claim', kind: 'message' }]),
      [`GET ${ENV}`]: json({ id: 'e1', projectId: 'p1', name: 'Production', defaultCategory: 'Other' }),
      [`PATCH ${API}/modules/output`]: (request) => {
        patches.push(request.body);
        return list({ modules: pipeline });
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
    for (const name of ['Extracted data', 'Metadata', 'Reply proposal'])
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
        },
      },
    ]);
  });
});
