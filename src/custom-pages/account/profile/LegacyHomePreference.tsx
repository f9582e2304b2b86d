import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { preferences as preferencesSchema, updatePreferences } from '../../../../schemas/contracts/auth';
import { errorMessage } from '../../../api';
import { toast } from '../../../notifications';
import { useCurrentUser, useServices } from '../../../providers/ServicesContext';

const choices = preferencesSchema.shape.legacyHome.unwrap().options;

/** The page a legacy (IC) project opens on; an account setting, so it is saved on the server. */
export const LegacyHomePreference = () => {
  const translate = useTranslate();
  const { client, currentUser } = useServices();
  const user = useCurrentUser();
  const [saving, setSaving] = useState(false);
  if (!user) return null;

  const save = async (legacyHome: (typeof choices)[number]) => {
    setSaving(true);
    try {
      const saved = await client.call(updatePreferences, { body: { legacyHome } });
      currentUser.set({ ...user, preferences: { ...user.preferences, ...saved } });
      toast.show({ severity: 'success', summary: { key: 'app.profile.saved' } });
    } catch (err) {
      toast.show({
        severity: 'error',
        summary: { key: 'app.profile.saveFailed' },
        detail: errorMessage(err),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormControl sx={{ maxWidth: 320 }} disabled={saving}>
      <InputLabel id="profile-legacy-home">{translate('app.profile.legacyHome')}</InputLabel>
      <Select
        labelId="profile-legacy-home"
        label={translate('app.profile.legacyHome')}
        value={user.preferences.legacyHome ?? ''}
        onChange={(event) => {
          const value = choices.find((choice) => choice === event.target.value);
          if (value) void save(value);
        }}
      >
        {choices.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {translate(`app.profile.legacyHomes.${choice}`)}
          </MenuItem>
        ))}
      </Select>
      <FormHelperText>{translate('app.profile.legacyHomeHelp')}</FormHelperText>
    </FormControl>
  );
};
