import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useLocaleState, useTranslate } from 'react-admin';
import { supportedLocales } from '../../i18n/locale';

/**
 * Language choice before sign-in, where the profile page cannot be reached yet. Goes through
 * react-admin's locale state, so the i18n provider stores the choice.
 */
export const LocaleSwitch = () => {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={locale}
      aria-label={translate('app.profile.language')}
      onChange={(_event, next: string | null) => {
        if (next) setLocale(next);
      }}
      sx={{ bgcolor: 'background.paper' }}
    >
      {supportedLocales.map((code) => (
        <ToggleButton key={code} value={code} lang={code}>
          {code.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
};
