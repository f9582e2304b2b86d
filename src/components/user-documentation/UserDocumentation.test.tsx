import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { LocaleSwitch } from '../../layouts/chrome/LocaleSwitch';
import { createI18nProvider } from '../../providers/i18nProvider';
import { resetBrowserState } from '../../test/renderConsole';
import { informationExtractionSection } from './documentationPages';
import { UserDocumentation } from './UserDocumentation';

beforeEach(resetBrowserState);

const renderWithSwitch = (ui: ReactNode) =>
  render(
    <AdminContext i18nProvider={createI18nProvider()} store={memoryStore()}>
      <LocaleSwitch />
      {ui}
    </AdminContext>,
  );

describe('user documentation in the user’s language (issue 23)', () => {
  it('shows French by default and switches to English, and back, as the language changes', async () => {
    const user = userEvent.setup();
    renderWithSwitch(<UserDocumentation page="replies" />);
    const french = await screen.findByRole('heading', { name: 'Modèles de réponse', level: 2 });
    expect(french.closest('[lang]')).toHaveAttribute('lang', 'fr');
    expect(screen.getByRole('heading', { name: "Ce qu'un modèle peut lire" })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'EN' }));
    const english = await screen.findByRole('heading', { name: 'Reply templates', level: 2 });
    expect(english.closest('[lang]')).toHaveAttribute('lang', 'en');
    expect(screen.queryByRole('heading', { name: 'Modèles de réponse' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'FR' }));
    expect(await screen.findByRole('heading', { name: 'Modèles de réponse', level: 2 })).toBeInTheDocument();
  });

  it('shows one section of a page, found by its heading in each language', async () => {
    const user = userEvent.setup();
    renderWithSwitch(<UserDocumentation page="nlu" section={informationExtractionSection} />);
    expect(
      await screen.findByRole('heading', { name: "Extraction d'informations", level: 3 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Extraction de données OCR', level: 4 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Post-traitement' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'EN' }));
    expect(
      await screen.findByRole('heading', { name: 'Information extraction', level: 3 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The vision engine', level: 4 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Post-processing' })).not.toBeInTheDocument();
  });
});
