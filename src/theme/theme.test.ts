import { createTheme } from '@mui/material/styles';
import { orange, purple } from '@mui/material/colors';
import { describe, expect, it } from 'vitest';
import { createAppTheme, radii, terminalHeight, transition } from './theme';

// What react-admin does with the options: createTheme() them, so the tokens are checked on the result.
const build = (mode: 'light' | 'dark', px = 14) => createTheme(createAppTheme(mode, px));

describe('app theme', () => {
  it('has a purple primary (800) and an orange secondary (500 light, 400 dark)', () => {
    const light = build('light');
    expect(light.palette.primary.main).toBe(purple[800]);
    expect(light.palette.secondary).toMatchObject({
      main: orange[500],
      light: orange[500],
      dark: orange[400],
    });
    const dark = build('dark');
    expect(dark.palette.mode).toBe('dark');
    expect(dark.palette.primary.main).toBe(purple[800]);
    expect(dark.palette.secondary).toMatchObject({
      main: orange[400],
      light: orange[500],
      dark: orange[400],
    });
  });

  it('exposes the radii, terminal height and transition tokens', () => {
    expect(radii).toEqual({ none: 0, xs: '2px', sm: '4px', md: '6px', lg: '8px', xl: '12px' });
    const theme = build('light');
    expect(theme.shape.borderRadius).toBe(4);
    expect(theme.tokens).toEqual({ radii, terminalHeight: '18rem', transition });
    expect(terminalHeight).toBe('18rem');
    expect(transition).toContain('0.2s');
  });

  it('moves in 0.2s and dims disabled controls to 0.6', () => {
    const theme = build('light');
    expect(theme.transitions.duration.standard).toBe(200);
    expect(theme.palette.action.disabledOpacity).toBe(0.6);
  });

  it('takes its base font size from the preference', () => {
    expect(build('light', 14).typography.fontSize).toBe(14);
    const large = build('light', 16);
    expect(large.typography.fontSize).toBe(16);
    expect(large.typography.htmlFontSize).toBe(16);
    // body2 is MUI's base text: 14px at medium, so 1rem of a 14px root.
    expect(build('light', 14).typography.body2.fontSize).toBe('1rem');
  });

  it("keeps react-admin's layout defaults", () => {
    expect(build('dark').sidebar.width).toBe(240);
  });
});
