import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { ENV_PATH, environmentRoutes } from '../analyses/testing';

beforeEach(resetBrowserState);

describe('configuration help page: docs/nlu.md in the user’s language', () => {
  it('shows the French page by default', async () => {
    window.localStorage.setItem('locale', 'fr');
    renderConsole(`${ENV_PATH}/configuration/help`, environmentRoutes('configurator'));
    await screen.findByRole('heading', { name: 'Sémantique du moteur NLU', level: 1 }, { timeout: 8000 });
    const title = await screen.findByRole('heading', {
      name: "Le moteur NLU, les catégories et l'extraction",
      level: 2,
    });
    expect(title.closest('[lang]')).toHaveAttribute('lang', 'fr');
    expect(screen.getByRole('heading', { name: 'Catégorisation avancée', level: 3 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Advanced categorisation' })).not.toBeInTheDocument();
  });

  it('shows the English page when the language is English', async () => {
    window.localStorage.setItem('locale', 'en');
    renderConsole(`${ENV_PATH}/configuration/help`, environmentRoutes('configurator'));
    const title = await screen.findByRole(
      'heading',
      { name: 'The NLU engine, categories and extraction', level: 2 },
      { timeout: 8000 },
    );
    expect(title.closest('[lang]')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('heading', { name: 'Advanced categorisation', level: 3 })).toBeInTheDocument();
  });
});
