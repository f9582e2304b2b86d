import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import { notificationMessages } from './i18n';
import { createToastStore } from './toastStore';
import type { ToastStore } from './toastStore';

/**
 * Test helpers for the notification components: the same i18n set-up the console uses (polyglot
 * with react-admin's messages plus ours), and a store that stays silent in the test output.
 */

const messages = {
  en: { ...englishMessages, ...notificationMessages.en },
  fr: { ...frenchMessages, ...notificationMessages.fr },
};

export const testI18nProvider = (locale: 'en' | 'fr' = 'en') =>
  polyglotI18nProvider((l) => (l === 'fr' ? messages.fr : messages.en), locale, [
    { locale: 'en', name: 'English' },
    { locale: 'fr', name: 'Français' },
  ]);

export const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A fresh store per test, so that toasts from one test never leak into the next. */
export const testToastStore = (): ToastStore => createToastStore({ logger: silentLogger });

export const renderInAdmin = (ui: ReactNode, locale: 'en' | 'fr' = 'en') =>
  render(
    <AdminContext i18nProvider={testI18nProvider(locale)} store={memoryStore()}>
      {ui}
    </AdminContext>,
  );
