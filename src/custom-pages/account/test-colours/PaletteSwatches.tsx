import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { testColoursKeys } from './i18n';

/** The palette entries every MUI component can take as `color`. */
export const paletteColours = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;
export type PaletteColour = (typeof paletteColours)[number];

const shades = ['light', 'main', 'dark'] as const;

/**
 * One row per palette colour: its light, main and dark shades, each written in the colour's
 * contrast text, so a poor contrast shows at a glance.
 */
export const PaletteSwatches = () => {
  const theme = useTheme();
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      {paletteColours.map((colour) => {
        const entry = theme.palette[colour];
        return (
          <Stack
            key={colour}
            direction="row"
            spacing={1}
            alignItems="stretch"
            data-testid={`palette-${colour}`}
          >
            <Typography variant="subtitle2" sx={{ width: '7rem', alignSelf: 'center' }}>
              {colour}
            </Typography>
            {shades.map((shade) => (
              <Box
                key={shade}
                data-testid={`swatch-${colour}-${shade}`}
                sx={{
                  flex: 1,
                  p: 1,
                  borderRadius: 1,
                  bgcolor: entry[shade],
                  color: entry.contrastText,
                  transition: theme.tokens.transition,
                }}
              >
                <Typography variant="body2" component="div" sx={{ fontWeight: 'bold' }}>
                  {shade}
                </Typography>
                <Typography variant="caption" component="div">
                  {entry[shade]}
                </Typography>
              </Box>
            ))}
            <Box
              data-testid={`swatch-${colour}-contrastText`}
              sx={{
                flex: 1,
                p: 1,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                color: entry.contrastText,
                bgcolor: entry.main,
              }}
            >
              <Typography variant="body2" component="div" sx={{ fontWeight: 'bold' }}>
                {translate(testColoursKeys.contrastText)}
              </Typography>
              <Typography variant="caption" component="div">
                {entry.contrastText}
              </Typography>
            </Box>
          </Stack>
        );
      })}
    </Stack>
  );
};
