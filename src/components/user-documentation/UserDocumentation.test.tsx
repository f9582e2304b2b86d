import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore } from 'react-admin';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocaleSwitch } from '../../layouts/chrome/LocaleSwitch';
import { supportedLocales } from '../../i18n/locale';
import { createI18nProvider } from '../../providers/i18nProvider';
import { resetBrowserState } from '../../test/renderConsole';
import { informationExtractionSection, loadDocumentation, userDocumentation } from './documentationPages';
import type { UserDocumentationPage } from './documentationPages';
import { UserDocumentation } from './UserDocumentation';

beforeEach(resetBrowserState);

// The pages, loaded once before the tests: the component then shows each at once, with no dynamic
// import to wait for on a loaded machine (each is tested to load in documentationPages.test.ts; the
// browser tests load them as a user does).
beforeAll(async () => {
  await Promise.all(
    (Object.keys(userDocumentation) as UserDocumentationPage[]).flatMap((page) =>
      supportedLocales.map((lang) => loadDocumentation(page, lang)),
    ),
  );
}, 30_000);

const renderWithSwitch = (ui: ReactNode) =>
  render(
    <AdminContext i18nProvider={createI18nProvider()} store={memoryStore()}>
      <LocaleSwitch />
      {ui}
    </AdminContext>,
  );

/**
 * Chooses a language once the switch shows the current one (react-admin syncs its locale state
 * with the provider after mount, later on a busy machine), and waits until the choice is taken.
 */
const switchTo = async (user: ReturnType<typeof userEvent.setup>, code: 'FR' | 'EN') => {
  const other = code === 'FR' ? 'EN' : 'FR';
  await waitFor(
    () => expect(screen.getByText(other, { selector: 'button' })).toHaveAttribute('aria-pressed', 'true'),
    {
      timeout: 20_000,
    },
  );
  await user.click(screen.getByText(code, { selector: 'button' }));
  await waitFor(
    () => expect(screen.getByText(code, { selector: 'button' })).toHaveAttribute('aria-pressed', 'true'),
    {
      timeout: 20_000,
    },
  );
};

// Text queries, not role queries: computing roles and names over a long documentation page takes
// jsdom seconds per query on a loaded machine.
describe('user documentation in the user’s language', () => {
  it('shows French by default and switches to English, and back, as the language changes', async () => {
    const user = userEvent.setup();
    renderWithSwitch(<UserDocumentation page="replies" />);
    const french = await screen.findByText('Modèles de réponse', { selector: 'h2' }, { timeout: 20_000 });
    expect(french.closest('[lang]')).toHaveAttribute('lang', 'fr');
    expect(
      screen.getByText("Ce qu'un modèle peut lire", { selector: 'h1, h2, h3, h4, h5, h6' }),
    ).toBeInTheDocument();

    await switchTo(user, 'EN');
    const english = await screen.findByText('Reply templates', { selector: 'h2' }, { timeout: 20_000 });
    expect(english.closest('[lang]')).toHaveAttribute('lang', 'en');
    expect(
      screen.queryByText('Modèles de réponse', { selector: 'h1, h2, h3, h4, h5, h6' }),
    ).not.toBeInTheDocument();

    await switchTo(user, 'FR');
    expect(
      await screen.findByText('Modèles de réponse', { selector: 'h2' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    // Five waits for a long page's rendering: more than the project's 30 s on a loaded machine.
  }, 60_000);

  it('shows one section of a page, found by its heading in each language', async () => {
    const user = userEvent.setup();
    renderWithSwitch(<UserDocumentation page="nlu" section={informationExtractionSection} />);
    expect(
      await screen.findByText("Extraction d'informations", { selector: 'h3' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Extraction de données OCR', { selector: 'h4' })).toBeInTheDocument();
    expect(
      screen.queryByText('Post-traitement', { selector: 'h1, h2, h3, h4, h5, h6' }),
    ).not.toBeInTheDocument();

    await switchTo(user, 'EN');
    expect(
      await screen.findByText('Information extraction', { selector: 'h3' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('The vision engine', { selector: 'h4' })).toBeInTheDocument();
    expect(
      screen.queryByText('Post-processing', { selector: 'h1, h2, h3, h4, h5, h6' }),
    ).not.toBeInTheDocument();
  });
});
