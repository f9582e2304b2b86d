import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { setDetailTranslator, setErrorTranslator } from '../api/errors';
// The messages file alone: the page itself is loaded on demand.
import { testColoursMessages } from '../custom-pages/account/test-colours/i18n';
import { translateDetail, translateError } from '../i18n/errorCodes';
import { frCore } from '../i18n/frCore';
import { defaultLocale, isSupportedLocale, resolveStoredLocale } from '../i18n/locale';
import type { SupportedLocale } from '../i18n/locale';
import { mergeMessages } from '../i18n/mergeMessages';
import { wordingMessages } from '../i18n/wording';
import type { MessageTree } from '../i18n/mergeMessages';
import { notificationMessages } from '../notifications/i18n';
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

/** French for the first download: react-admin's, ours before sign-in and the shell's. */
const frenchFirst: [TranslationMessages, ...MessageTree[]] = [
  frenchMessages,
  wordingMessages.fr,
  frCore,
  notificationMessages.fr,
  testColoursMessages.fr,
];
let frenchSources = frenchFirst;
let french = buildMessages({ fr: frenchSources, en: [] }).fr;
let englishSources: MessageTree[] | undefined;
let english: TranslationMessages | undefined;
let whole = false;

/** Every French message the console shows, react-admin's included (the typography test reads it). */
export const frenchCatalogue = (): TranslationMessages => french;

/**
 * English, laid over French, loaded the first time it is wanted: French is the default language and
 * the only one in the sign-in page's first download. main.tsx waits for it before the first render
 * when English is the stored language; switching to it later loads it then.
 */
export const loadEnglish = async (): Promise<TranslationMessages> => {
  if (!english) {
    englishSources ??= (await import('../i18n/english')).englishSources;
    english = buildMessages({ fr: frenchSources, en: englishSources }).en;
  }
  return english;
};

/** Whether the signed-in pages' French (i18n/frAreas.ts) is loaded. */
export const isWholeCatalogue = (): boolean => whole;

/** The latest provider created: the one the console uses, told when the catalogue grows. */
let latest: I18nProvider | undefined;

/**
 * The signed-in pages' French (i18n/frAreas.ts, and English over it when loaded): not in the sign-in
 * page's download. main.tsx waits for it when a session is stored, the shell before the first
 * signed-in page (routing/useUserGate.ts). The console's provider then reads its messages again,
 * in the same language and without storing it (a stored language is one the user chose).
 */
export const loadWholeCatalogue = async (): Promise<void> => {
  if (whole) return;
  const { frAreas } = await import('../i18n/frAreas');
  frenchSources = [...frenchFirst, frAreas];
  french = buildMessages({ fr: frenchSources, en: [] }).fr;
  if (englishSources) english = buildMessages({ fr: frenchSources, en: englishSources }).en;
  whole = true;
  if (latest) await latest.changeLocale(latest.getLocale());
};

const consoleMessages = (locale: SupportedLocale) => (locale === 'fr' ? french : (english ?? loadEnglish()));

const locales = [
  { locale: 'fr', name: 'Français' },
  { locale: 'en', name: 'English' },
];

/**
 * react-admin's i18n provider: polyglot over react-admin's own messages and ours, starting from the
 * stored locale. Changing the locale stores it (spec §3); an unknown locale falls back to French.
 * Creating one registers it as errorMessage's translator of coded server errors (the latest wins).
 *
 * @example
 * <AdminContext i18nProvider={createI18nProvider()} />
 */
export const createI18nProvider = (messages?: MessagesByLocale): I18nProvider => {
  const stored = resolveStoredLocale();
  const base = polyglotI18nProvider(
    (locale) => {
      const known = isSupportedLocale(locale) ? locale : defaultLocale;
      return messages ? messages[known] : consoleMessages(known);
    },
    // The first messages must be at hand: French until English is loaded.
    messages || stored === 'fr' || english ? stored : defaultLocale,
    locales,
    // allowMissing: a missing key shows react-admin's `_` default or the key, never a crash.
    { allowMissing: true },
  );
  // errorMessage (src/api/errors.ts) says coded server errors with this provider, in its current
  // language: the console's many error displays need no translate function of their own.
  setErrorTranslator((code, params, serverWords) =>
    translateError(base.translate, code, params, serverWords),
  );
  setDetailTranslator((code, params, serverWords) =>
    translateDetail(base.translate, code, params, serverWords),
  );
  latest = base;
  return {
    ...base,
    async changeLocale(locale: string) {
      const next = isSupportedLocale(locale) ? locale : defaultLocale;
      writeStored(storageKeys.locale, next);
      await base.changeLocale(next);
    },
  };
};
