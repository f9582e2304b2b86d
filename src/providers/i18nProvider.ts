import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import type { I18nProvider, TranslationMessages } from 'react-admin';
// The messages file alone: the page itself is loaded on demand.
import { testColoursMessages } from '../custom-pages/test-colours/i18n';
import { en } from '../i18n/en';
import { fr } from '../i18n/fr';
import { defaultLocale, isSupportedLocale, resolveStoredLocale } from '../i18n/locale';
import type { SupportedLocale } from '../i18n/locale';
import { mergeMessages } from '../i18n/mergeMessages';
import type { MessageTree } from '../i18n/mergeMessages';
import { notificationMessages } from '../notifications';
import { storageKeys, writeStored } from '../storage';

export type MessagesByLocale = Record<SupportedLocale, TranslationMessages>;

/**
 * Lays each language's sources over each other. English also sits on top of the whole French tree,
 * so whatever English lacks is shown in French (spec §1: French is the fallback).
 */
export const buildMessages = (sources: {
  fr: [TranslationMessages, ...MessageTree[]];
  en: MessageTree[];
}): MessagesByLocale => {
  const [frenchBase, ...frenchOverlays] = sources.fr;
  const french = mergeMessages(frenchBase, ...frenchOverlays);
  return { fr: french, en: mergeMessages(french, ...sources.en) };
};

const consoleMessages = buildMessages({
  fr: [frenchMessages, fr, notificationMessages.fr, testColoursMessages.fr],
  en: [englishMessages, en, notificationMessages.en, testColoursMessages.en],
});

const locales = [
  { locale: 'fr', name: 'Français' },
  { locale: 'en', name: 'English' },
];

/**
 * react-admin's i18n provider: polyglot over react-admin's own messages and ours, starting from the
 * stored locale. Changing the locale stores it (spec §3); an unknown locale falls back to French.
 *
 * @example
 * <AdminContext i18nProvider={createI18nProvider()} />
 */
export const createI18nProvider = (messages: MessagesByLocale = consoleMessages): I18nProvider => {
  const base = polyglotI18nProvider(
    (locale) => messages[isSupportedLocale(locale) ? locale : defaultLocale],
    resolveStoredLocale(),
    locales,
    // allowMissing: a missing key shows react-admin's `_` default or the key, never a crash.
    { allowMissing: true },
  );
  return {
    ...base,
    async changeLocale(locale: string) {
      const next = isSupportedLocale(locale) ? locale : defaultLocale;
      writeStored(storageKeys.locale, next);
      await base.changeLocale(next);
    },
  };
};
