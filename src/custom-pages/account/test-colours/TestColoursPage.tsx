import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { createAppTheme, fontSizePx, readDarkMode, readFontSize } from '../../../theme';
import type { ThemeMode } from '../../../theme';
import { testColoursKeys } from './i18n';
import { PaletteSwatches } from './PaletteSwatches';
import { ButtonSamples, RadiiSamples, TypographySamples } from './ThemeSamples';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" aria-label={title}>
    <Typography variant="h6" component="h2" gutterBottom>
      {title}
    </Typography>
    {children}
  </Box>
);

/**
 * The test-colours page (spec platform-shell §2): the console theme laid out for visual checks.
 * The light/dark switch only changes this preview, not the user's stored preference, so checking
 * the other mode does not flip the whole console.
 */
export const TestColoursPage = () => {
  const translate = useTranslate();
  const [mode, setMode] = useState<ThemeMode>(() => (readDarkMode() ? 'dark' : 'light'));
  const [fontSize] = useState(readFontSize);
  const theme = useMemo(() => createTheme(createAppTheme(mode, fontSizePx(fontSize))), [mode, fontSize]);

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap">
        <Box>
          <Typography variant="h5" component="h1">
            {translate(testColoursKeys.title)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(testColoursKeys.intro)}
          </Typography>
        </Box>
        <FormControlLabel
          control={<Switch checked={mode === 'dark'} onChange={(_, on) => setMode(on ? 'dark' : 'light')} />}
          label={translate(testColoursKeys.darkMode)}
        />
      </Stack>
      <ThemeProvider theme={theme}>
        <Paper
          data-testid="theme-preview"
          data-mode={mode}
          variant="outlined"
          sx={{
            p: 2,
            bgcolor: 'background.default',
            color: 'text.primary',
            transition: theme.tokens.transition,
          }}
        >
          <Stack spacing={3}>
            <Section title={translate(testColoursKeys.palette)}>
              <PaletteSwatches />
            </Section>
            <Section title={translate(testColoursKeys.radii)}>
              <RadiiSamples />
            </Section>
            <Section title={translate(testColoursKeys.buttons)}>
              <ButtonSamples />
            </Section>
            <Section title={translate(testColoursKeys.typography)}>
              <TypographySamples />
            </Section>
          </Stack>
        </Paper>
      </ThemeProvider>
    </Stack>
  );
};
