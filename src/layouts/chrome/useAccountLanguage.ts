import { useEffect } from 'react';
import { useLocaleState } from 'react-admin';
import { useChangeLanguage } from '../../custom-pages/account/profile/useChangeLanguage';
import { isSupportedLocale } from '../../i18n/locale';
import { useCurrentUser } from '../../providers/ServicesContext';
import { consumeSignedIn } from '../../providers/session';
import { readStored, storageKeys } from '../../storage';

/**
 * One language per user (docs/decisions/accounts-mail-language.md), settled right after a sign-in.
 * A language chosen in this browser (the login page's switch, or the profile before) becomes the
 * account's, so the mails follow what the user reads; a browser where none was chosen takes the
 * account's, set in the profile or by the API elsewhere. Later, a switch in the profile is the
 * user's and saves itself (useChangeLanguage).
 */
export const useAccountLanguage = () => {
  const user = useCurrentUser();
  const [locale, setLocale] = useLocaleState();
  const changeLanguage = useChangeLanguage();

  useEffect(() => {
    if (!user || !consumeSignedIn()) return;
    // An administrator acting as someone else neither takes nor changes that person's language.
    if (readStored(storageKeys.switchUser)) return;
    const chosen = readStored(storageKeys.locale);
    if (chosen !== null && isSupportedLocale(chosen)) changeLanguage(chosen);
    else if (user.language !== locale) setLocale(user.language);
  }, [user, locale, setLocale, changeLanguage]);
};
