import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useLocale, useTranslate } from 'react-admin';
import { supportedLocales } from '../../../i18n/locale';
import { useDisplayPreferences } from '../../../preferences';
import { fontSizeChoices } from '../../../theme';
import { useChangeLanguage } from './useChangeLanguage';
import type { FontSizePreference } from '../../../theme';

const isFontSize = (value: string): value is FontSizePreference =>
  fontSizeChoices.some((choice) => choice === value);

/**
 * Language, font size and dark mode: stored in this browser and applied at once (spec §2, §3); the
 * language is also saved on the account, for the mails the user gets.
 */
export const DisplayPreferences = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const changeLanguage = useChangeLanguage();
  const { fontSize, setFontSize, darkMode, setDarkMode } = useDisplayPreferences();

  return (
    <Stack spacing={3}>
      <FormControl>
        <FormLabel id="profile-language">{translate('app.profile.language')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="profile-language"
          value={locale}
          onChange={(event) => changeLanguage(event.target.value)}
        >
          {supportedLocales.map((code) => (
            <FormControlLabel
              key={code}
              value={code}
              control={<Radio />}
              label={translate(`app.profile.languages.${code}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl>
        <FormLabel id="profile-font-size">{translate('app.profile.fontSize')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="profile-font-size"
          value={fontSize}
          onChange={(event) => {
            if (isFontSize(event.target.value)) setFontSize(event.target.value);
          }}
        >
          {fontSizeChoices.map((size) => (
            <FormControlLabel
              key={size}
              value={size}
              control={<Radio />}
              label={translate(`app.profile.fontSizes.${size}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControlLabel
        control={<Switch checked={darkMode} onChange={(event) => setDarkMode(event.target.checked)} />}
        label={translate('app.profile.darkMode')}
      />
    </Stack>
  );
};
