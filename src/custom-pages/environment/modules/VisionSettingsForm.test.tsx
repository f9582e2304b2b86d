import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VisionSettings } from '../../../../schemas/vision';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';
import { defaultPipeline, LLM, moduleList, moduleView } from './testing';
import type { LlmEndpoint } from './VisionSettingsForm';

beforeEach(resetBrowserState);

const stored: VisionSettings = {
  active: true,
  type: 'custom',
  prompt: 'Describe the document',
  categories: [],
  fields: [{ key: 'total', description: 'Amount due' }],
};
const pipeline = [
  ...defaultPipeline.slice(0, 3),
  moduleView('visionEngine', true, { vision: stored }),
  ...defaultPipeline.slice(3, 6),
];

const open = (llm: LlmEndpoint, patch: FakeRoute) => {
  const patches: unknown[] = [];
  renderConsole(`${ENV_PATH}/modules/visionEngine`, {
    ...environmentRoutes('configurator'),
    [`GET ${API}/modules`]: moduleList(pipeline, llm),
    [`PATCH ${API}/modules/visionEngine`]: (request) => {
      patches.push(request.body);
      return typeof patch === 'function' ? patch(request) : patch.clone();
    },
  });
  return patches;
};

const heading = () =>
  screen.findByRole('heading', { name: 'Settings of Vision engine', level: 1 }, { timeout: 8000 });

describe('vision engine settings (spec pipeline §3 "Vision engine", §4 "Vision engine type")', () => {
  // The lighter test first: the first page of a file also compiles its lazy chunks.
  it('warns that no LLM endpoint is configured, and shows the refused save under its field', async () => {
    const user = userEvent.setup();
    const refusal = 'The prompt is longer than the model reads';
    const patches = open(
      { configured: false, model: null },
      json(
        {
          code: 'VALIDATION_FAILED',
          message: refusal,
          details: [{ path: 'vision.prompt', message: refusal }],
        },
        400,
      ),
    );
    await heading();
    expect(
      screen.getByText(
        'No LLM endpoint is configured on this deployment (LLM_BASE_URL, LLM_MODEL): the step is skipped, with a warning, on each analysis.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(`The Vision engine module’s settings were not saved: ${refusal}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveAccessibleDescription(refusal);
    expect(patches).toEqual([{ name: '', inputType: 'all', vision: { ...stored, active: false } }]);
  });

  it('loads the settings, turns them into a strict classification of two categories, shows a duplicate key, and saves', async () => {
    const user = userEvent.setup();
    const patches = open(LLM, moduleList(pipeline));
    await heading();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('Describe the document');
    expect(screen.getByText('The model gpt-4o-mini answers.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'NLU context' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Active' })).toBeChecked();

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Strict classification' }));
    const categories = screen.getByRole('group', { name: 'Categories' });
    expect(
      within(categories).getByText('A strict classification needs at least one category.'),
    ).toBeInTheDocument();

    await user.click(within(categories).getByRole('button', { name: 'Add a category' }));
    await user.click(within(categories).getByRole('button', { name: 'Add a category' }));
    const first = within(categories).getByRole('group', { name: 'Category 1' });
    const second = within(categories).getByRole('group', { name: 'Category 2' });
    // Pasted rather than typed key by key: each keystroke renders the whole form again.
    const fill = async (row: HTMLElement, name: string, text: string) => {
      const box = within(row).getByRole('textbox', { name });
      await user.clear(box);
      await user.paste(text);
    };
    await fill(first, 'Key', 'invoice');
    await fill(first, 'Description', 'An invoice');
    await fill(second, 'Key', 'invoice');
    expect(within(second).getByText('The key “invoice” is declared twice.')).toBeInTheDocument();
    expect(within(first).queryByText(/declared twice/)).not.toBeInTheDocument();

    await fill(second, 'Key', 'quote');
    await fill(second, 'Description', 'A quote');
    expect(screen.queryByText(/declared twice/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Module settings saved')).toBeInTheDocument();
    // The fields of the extraction are kept, though the classification does not show them.
    expect(patches).toEqual([
      {
        name: '',
        inputType: 'all',
        vision: {
          ...stored,
          type: 'strict_classification',
          categories: [
            { key: 'invoice', description: 'An invoice' },
            { key: 'quote', description: 'A quote' },
          ],
        },
      },
    ]);
  });
});
