/**
 * Labels of the test-colours page, merged by the lead into the console messages. Theme key names
 * (primary, main, h1…) are shown untranslated on purpose: they are what a developer types in code.
 */
export const testColoursMessages = {
  fr: {
    app: {
      testColours: {
        title: 'Test des couleurs',
        intro: 'Le thème de la console, tel que les composants le voient.',
        darkMode: 'Mode sombre',
        palette: 'Palette',
        contrastText: 'Texte contrasté',
        radii: 'Rayons des angles',
        buttons: 'Boutons',
        disabled: 'Désactivé',
        typography: 'Typographie',
        sample: 'Portez ce vieux whisky au juge blond qui fume',
      },
    },
  },
  en: {
    app: {
      testColours: {
        title: 'Colour test',
        intro: 'The console theme, as the components see it.',
        darkMode: 'Dark mode',
        palette: 'Palette',
        contrastText: 'Contrast text',
        radii: 'Corner radii',
        buttons: 'Buttons',
        disabled: 'Disabled',
        typography: 'Typography',
        sample: 'The quick brown fox jumps over the lazy dog',
      },
    },
  },
} as const;

/** Keys in one place beside the messages, so that the two are edited together. */
export const testColoursKeys = {
  title: 'app.testColours.title',
  intro: 'app.testColours.intro',
  darkMode: 'app.testColours.darkMode',
  palette: 'app.testColours.palette',
  contrastText: 'app.testColours.contrastText',
  radii: 'app.testColours.radii',
  buttons: 'app.testColours.buttons',
  disabled: 'app.testColours.disabled',
  typography: 'app.testColours.typography',
  sample: 'app.testColours.sample',
} as const;
