import { useSetLocale } from 'react-admin';
import { updateLanguage } from '../../../../schemas/contracts/auth';
import { errorMessage } from '../../../api';
import { isSupportedLocale } from '../../../i18n/locale';
import { toast } from '../../../notifications';
import { useCurrentUser, useServices } from '../../../providers/ServicesContext';

/**
 * Switches the console's language and saves it on the account, so that the mails the user gets
 * are written in it too (docs/decisions/accounts-mail-language.md).
 *
 * @example
 * const changeLanguage = useChangeLanguage();
 * changeLanguage('en');
 */
export const useChangeLanguage = () => {
  const setLocale = useSetLocale();
  const { client, currentUser } = useServices();
  const user = useCurrentUser();
  return (locale: string) => {
    setLocale(locale);
    if (!user || !isSupportedLocale(locale) || user.language === locale) return;
    client.call(updateLanguage, { body: { language: locale } }).then(
      (saved) => currentUser.set({ ...user, language: saved.language }),
      (err: unknown) =>
        toast.show({
          severity: 'error',
          summary: { key: 'app.profile.saveFailed' },
          detail: errorMessage(err),
        }),
    );
  };
};
