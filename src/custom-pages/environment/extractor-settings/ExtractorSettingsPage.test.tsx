import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ExtractorSettings } from '../../../../schemas/extractor-settings';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../../../../schemas/extractor-settings';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';

const server = (save: FakeRoute = ({ body }) => json(body)) => {
  const saved: ExtractorSettings[] = [];
  const routes: Record<string, FakeRoute> = {
    [`GET ${API}/extractor-settings`]: json(structuredClone(DEFAULT_EXTRACTOR_SETTINGS)),
    [`PUT ${API}/extractor-settings`]: async (request) => {
      saved.push(request.body as ExtractorSettings);
      return typeof save === 'function' ? save(request) : save;
    },
  };
  return { saved, routes };
};

const open = async (
  routes: Record<string, FakeRoute>,
  access: Parameters<typeof environmentRoutes>[0] = 'configurator',
) => {
  const view = renderConsole(`${ENV_PATH}/extractor`, { ...environmentRoutes(access), ...routes });
  await screen.findByRole('heading', { name: 'Extractor', level: 1 }, { timeout: 8000 });
  await screen.findByRole('spinbutton', { name: 'Characters per block' }, { timeout: 8000 });
  return view;
};

beforeEach(resetBrowserState);

describe('extractor settings page (spec §2 "Settings pages per module", §3)', () => {
  it('shows every family with translated labels and saves the whole settings object', async () => {
    const user = userEvent.setup();
    const { saved, routes } = server();
    await open(routes);
    for (const section of ['Mails (MSG, EML)', 'Audio (MP3)', 'Spreadsheets (XLS, XLSX, XLSM, ODS)'])
      expect(screen.getByText(section)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Use the cache' })).toBeChecked();
    const perBlock = screen.getByRole('spinbutton', { name: 'Characters per block' });
    expect(perBlock).toHaveValue(4000);
    await user.clear(perBlock);
    await user.type(perBlock, '2000');
    const ocrMode = screen.getByRole('combobox', { name: 'OCR mode' });
    expect(ocrMode).toHaveTextContent('AUTO — only without a text layer');
    await user.click(ocrMode);
    await user.click(await screen.findByRole('option', { name: 'ON — always' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Extractor settings saved')).toBeInTheDocument();
    expect(saved[0]).toEqual({
      ...DEFAULT_EXTRACTOR_SETTINGS,
      formatter: { ...DEFAULT_EXTRACTOR_SETTINGS.formatter, charactersPerBlock: 2000 },
      document: { ...DEFAULT_EXTRACTOR_SETTINGS.document, ocrMode: 'ON' },
    });
  });

  it('adds an override for one extension that changes only that family’s options it sets', async () => {
    const user = userEvent.setup();
    const { saved, routes } = server();
    await open(routes);
    // Mails' lists (ignored extensions, headers) have their own "Add"; the overrides come last.
    await user.click(screen.getAllByRole('button', { name: 'Add' }).at(-1)!);
    await user.click(await screen.findByRole('combobox', { name: /Extension/ }));
    await user.click(await screen.findByRole('option', { name: 'PDF' }));
    const modes = await screen.findAllByRole('combobox', { name: 'OCR mode' });
    expect(modes).toHaveLength(2);
    await user.click(modes[1]);
    expect(await screen.findByRole('option', { name: 'As the family' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'ON — always' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].overrides).toEqual([{ extension: 'pdf', document: { ocrMode: 'ON' } }]);
    expect(saved[0].document.ocrMode).toBe('AUTO');
  });

  it('says the module’s own failure when the save is refused, and keeps the changes', async () => {
    const user = userEvent.setup();
    const { routes } = server(
      json({ code: 'VALIDATION_FAILED', message: 'redundancy must be <= 10000' }, 400),
    );
    await open(routes);
    await user.click(screen.getByRole('checkbox', { name: 'Use the cache' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The extractor settings could not be saved: redundancy must be <= 10000'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Use the cache' })).not.toBeChecked();
  });

  it('links to the test page while the extractor is enabled', async () => {
    const user = userEvent.setup();
    const { routes } = server();
    const { router } = await open({
      ...routes,
      [`GET ${API}/extractor-settings`]: json(DEFAULT_EXTRACTOR_SETTINGS),
    });
    await user.click(screen.getByRole('link', { name: 'Test the extractor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ENV_PATH}/extractor/test`));
  });

  it('shows the settings without a save button to those who may not change them', async () => {
    await open(server().routes, 'qualifier');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Characters per block' })).toBeDisabled();
    const menu = screen.getByRole('navigation', { name: 'Environment menu' });
    expect(within(menu).queryByRole('link', { name: 'Extractor' })).not.toBeInTheDocument();
  });
});
