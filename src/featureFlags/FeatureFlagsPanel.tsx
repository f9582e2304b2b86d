import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { featureFlags } from './catalogue';
import { flagStore } from './flagStore';
import { useFeatureFlags } from './useFeatureFlag';

/** The profile's switches for the browser's feature flags; forced-on flags are shown on and locked. */
export const FeatureFlagsPanel = () => {
  const translate = useTranslate();
  const values = useFeatureFlags();
  return (
    <Stack component="section" spacing={1} aria-labelledby="feature-flags-title">
      <Typography id="feature-flags-title" variant="h6" component="h2">
        {translate('app.featureFlags.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.featureFlags.intro')}
      </Typography>
      {featureFlags.map((flag) => {
        const forced = 'forcedOn' in flag;
        return (
          <Stack key={flag.id}>
            <FormControlLabel
              control={
                <Switch
                  checked={values[flag.id]}
                  disabled={forced}
                  onChange={(event) => flagStore.set(flag.id, event.target.checked)}
                />
              }
              label={translate(flag.labelKey)}
            />
            <Typography variant="caption" color="text.secondary" sx={{ ml: 6 }}>
              {translate(flag.descriptionKey)}
              {forced ? ` ${translate('app.featureFlags.forcedOn')}` : ''}
            </Typography>
          </Stack>
        );
      })}
    </Stack>
  );
};
