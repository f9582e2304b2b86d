import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';
import { defaultPipeline, moduleList } from '../modules/testing';
import { specificationCalls } from './SpecificationsPage';

beforeEach(resetBrowserState);

describe('specifications page (spec pipeline §2 "specifications")', () => {
  it('gives the calls with this deployment’s address, copies them on one line, and lists the active modules in order', async () => {
    const user = userEvent.setup();
    renderConsole(`${ENV_PATH}/specifications`, {
      ...environmentRoutes('configurator'),
      [`GET ${API}/modules`]: moduleList(defaultPipeline),
    });
    await screen.findByRole('heading', { name: 'Specifications', level: 1 }, { timeout: 8000 });
    expect(screen.getByRole('link', { name: 'Specifications' })).toHaveAttribute(
      'href',
      `${ENV_PATH}/specifications`,
    );

    const origin = window.location.origin;
    expect(screen.getByLabelText('Submit a file')).toHaveTextContent(
      `-F file=@message.eml ${origin}/v4/api/analyses`,
    );
    expect(
      screen.getByText('This check answers the key’s environment: here, the identifier e1.'),
    ).toBeVisible();

    // The active modules only, in the pipeline's order, each linked to its settings.
    const modules = await screen.findByRole('list', { name: 'What the result holds' });
    const items = within(modules).getAllByRole('link');
    expect(items.map((a) => a.textContent)).toEqual([
      'Extractor',
      'NLU',
      'Categorization',
      'Information extraction',
      'Reply generator',
      'Output',
    ]);
    expect(items[5]).toHaveAttribute('href', `${ENV_PATH}/modules/output`);

    await user.click(screen.getByRole('button', { name: 'Copy: Submit a file' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(
        specificationCalls(origin).file.replace(/\\\n\s*/g, ''),
      ),
    );
    expect(await navigator.clipboard.readText()).not.toContain('\n');
    expect(await screen.findByText('Command copied')).toBeVisible();
  });

  it('is in the environment menu with output formatting and the project’s test sets', async () => {
    renderConsole(`${ENV_PATH}/specifications`, {
      ...environmentRoutes('configurator'),
      [`GET ${API}/modules`]: moduleList(defaultPipeline),
    });
    const menu = await screen.findByRole('navigation', { name: 'Environment menu' }, { timeout: 8000 });
    expect(within(menu).getByRole('link', { name: 'Output formatting' })).toHaveAttribute(
      'href',
      `${ENV_PATH}/modules/output`,
    );
    expect(within(menu).getByRole('link', { name: 'Test sets' })).toHaveAttribute(
      'href',
      '/project/p1/testing-center/messages-bank/tests?view=sets',
    );
  });
});
