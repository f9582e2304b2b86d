import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TypographyProps } from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { testColoursKeys } from './i18n';
import { paletteColours } from './PaletteSwatches';

/** The radii tokens (theme.tokens.radii) drawn as boxes, smallest to largest. */
export const RadiiSamples = () => {
  const { tokens } = useTheme();
  return (
    <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
      {Object.entries(tokens.radii).map(([name, radius]) => (
        <Box
          key={name}
          data-testid={`radius-${name}`}
          sx={{
            width: '6rem',
            height: '4rem',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            borderRadius: radius,
          }}
        >
          <Typography variant="caption">
            {name} · {radius === 0 ? '0' : radius}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
};

const buttonVariants = ['contained', 'outlined', 'text'] as const;

/** Every palette colour in every button variant, plus one disabled button to check the opacity. */
export const ButtonSamples = () => {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      {buttonVariants.map((variant) => (
        <Stack key={variant} direction="row" spacing={1} flexWrap="wrap" useFlexGap alignItems="center">
          <Typography variant="subtitle2" sx={{ width: '7rem' }}>
            {variant}
          </Typography>
          {paletteColours.map((colour) => (
            <Button key={colour} variant={variant} color={colour}>
              {colour}
            </Button>
          ))}
          <Button variant={variant} disabled>
            {translate(testColoursKeys.disabled)}
          </Button>
        </Stack>
      ))}
    </Stack>
  );
};

const typographyVariants = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'subtitle1',
  'subtitle2',
  'body1',
  'body2',
  'button',
  'caption',
  'overline',
] as const satisfies readonly NonNullable<TypographyProps['variant']>[];

/** Each typography variant with its computed size, so the font-size preference can be checked. */
export const TypographySamples = () => {
  const translate = useTranslate();
  const { typography } = useTheme();
  return (
    <Stack spacing={1}>
      {typographyVariants.map((variant) => (
        <Stack key={variant} direction="row" spacing={2} alignItems="baseline">
          <Typography variant="caption" color="text.secondary" sx={{ width: '10rem', flexShrink: 0 }}>
            {variant} · {String(typography[variant].fontSize)}
          </Typography>
          <Typography variant={variant} noWrap>
            {translate(testColoursKeys.sample)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
};
