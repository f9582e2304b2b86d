import { readStored, storageKeys, writeStored } from '../storage';

/** Spec platform-shell §5: only fr and en; French is the default and the fallback (§1, §9). */
export const supportedLocales = ['fr', 'en'] as const;
export type SupportedLocale = (typeof supportedLocales)[number];
export const defaultLocale: SupportedLocale = 'fr';

export const isSupportedLocale = (value: unknown): value is SupportedLocale =>
  supportedLocales.some((locale) => locale === value);

/**
 * The locale to start with. A stored value that is not a supported locale is replaced by French in
 * storage too, so that the next start does not meet it again.
 */
export const resolveStoredLocale = (): SupportedLocale => {
  const stored = readStored(storageKeys.locale);
  if (isSupportedLocale(stored)) return stored;
  if (stored !== null) writeStored(storageKeys.locale, defaultLocale);
  return defaultLocale;
};
