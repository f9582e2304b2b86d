import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { orange, purple } from '@mui/material/colors';
import { AdminContext, memoryStore } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import { afterEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../../../storage';
import { testColoursMessages } from './i18n';
import { path, Page, testColoursPage } from './index';

const renderPage = (locale: 'en' | 'fr' = 'en') => {
  const messages = {
    en: { ...englishMessages, ...testColoursMessages.en },
    fr: { ...frenchMessages, ...testColoursMessages.fr },
  };
  const i18nProvider = polyglotI18nProvider((l) => (l === 'fr' ? messages.fr : messages.en), locale);
  return render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      <Page />
    </AdminContext>,
  );
};

describe('TestColoursPage', () => {
  afterEach(() => {
    // vitest runs without globals here, so Testing Library's automatic clean-up is not registered.
    cleanup();
    localStorage.clear();
  });

  it('is registered under test-colours', () => {
    expect(path).toBe('test-colours');
    expect(testColoursPage).toEqual({ path: 'test-colours', Page });
  });

  it('shows every palette colour, the radii, buttons with a disabled one, and typography', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Colour test' })).toBeInTheDocument();
    for (const colour of ['primary', 'secondary', 'error', 'warning', 'info', 'success']) {
      for (const shade of ['light', 'main', 'dark', 'contrastText']) {
        expect(screen.getByTestId(`swatch-${colour}-${shade}`)).toBeInTheDocument();
      }
    }
    expect(screen.getByTestId('swatch-primary-main')).toHaveTextContent(purple[800]);
    for (const radius of ['none', 'xs', 'sm', 'md', 'lg', 'xl'])
      expect(screen.getByTestId(`radius-${radius}`)).toBeInTheDocument();
    const buttons = within(screen.getByRole('region', { name: 'Buttons' }));
    expect(buttons.getAllByRole('button', { name: 'primary' })).toHaveLength(3);
    for (const disabled of buttons.getAllByRole('button', { name: 'Disabled' }))
      expect(disabled).toBeDisabled();
    expect(within(screen.getByRole('region', { name: 'Typography' })).getByText(/^h1 ·/)).toBeInTheDocument();
  });

  it('switches the preview to dark without touching the stored preference', () => {
    renderPage();
    expect(screen.getByTestId('theme-preview')).toHaveAttribute('data-mode', 'light');
    expect(screen.getByTestId('swatch-secondary-main')).toHaveTextContent(orange[500]);
    fireEvent.click(screen.getByRole('switch', { name: 'Dark mode' }));
    expect(screen.getByTestId('theme-preview')).toHaveAttribute('data-mode', 'dark');
    expect(screen.getByTestId('swatch-secondary-main')).toHaveTextContent(orange[400]);
    expect(localStorage.getItem(storageKeys.darkMode)).toBeNull();
  });

  it('starts in dark mode when the user prefers it, with French labels', () => {
    localStorage.setItem(storageKeys.darkMode, 'true');
    renderPage('fr');
    expect(screen.getByRole('switch', { name: 'Mode sombre' })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Test des couleurs' })).toBeInTheDocument();
  });
});
