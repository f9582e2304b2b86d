import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';

beforeEach(resetBrowserState);

describe('information extraction page (spec pipeline §2: interface, tests, documentation)', () => {
  it('tests the fields on a text and shows each value with its source, then the documentation', async () => {
    const user = userEvent.setup();
    const text = 'Contrat CT-54321 à résilier';
    const routes: Record<string, FakeRoute> = {
      ...environmentRoutes('configurator'),
      [`GET ${API}/extraction-fields`]: new Response('[]', {
        headers: { 'content-type': 'application/json', 'content-range': 'extraction-fields 0-0/0' },
      }),
      [`POST ${API}/extraction-test`]: json({
        language: 'fr',
        warnings: [],
        extractedData: [
          {
            name: 'contract number',
            value: '54321',
            source: 'regular expression /CT-(\\d{5})/',
            span: { source: 'message', start: 11, end: 16 },
          },
        ],
      }),
    };
    renderConsole(`${ENV_PATH}/extraction`, routes);
    await screen.findByRole('heading', { name: 'Information extraction', level: 1 }, { timeout: 8000 });
    await user.click(screen.getByRole('tab', { name: 'Tests' }));
    await user.type(screen.getByRole('textbox', { name: 'Text to analyse' }), text);
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    const data = await screen.findByRole('list', { name: 'Extracted data' });
    expect(data).toHaveTextContent('contract number: 54321 (regular expression /CT-(\\d{5})/)');
    expect(document.querySelector('mark')?.textContent).toBe('54321');
    await user.click(screen.getByRole('tab', { name: 'Documentation' }));
    expect(
      await screen.findByRole('heading', { name: 'Information extraction', level: 3 }),
    ).toBeInTheDocument();
  });

  it('shows the documentation tab in French, from the French page’s section', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('locale', 'fr');
    renderConsole(`${ENV_PATH}/extraction`, {
      ...environmentRoutes('configurator'),
      [`GET ${API}/extraction-fields`]: new Response('[]', {
        headers: { 'content-type': 'application/json', 'content-range': 'extraction-fields 0-0/0' },
      }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Documentation' }, { timeout: 8000 }));
    const section = await screen.findByRole('heading', { name: "Extraction d'informations", level: 3 });
    expect(section.closest('[lang]')).toHaveAttribute('lang', 'fr');
    expect(screen.getByRole('heading', { name: 'Le moteur de vision', level: 4 })).toBeInTheDocument();
    // The section alone: not the page's other parts.
    expect(screen.queryByRole('heading', { name: 'Post-traitement' })).not.toBeInTheDocument();
  });
});
