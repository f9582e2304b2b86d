import { describe, expect, it } from 'vitest';
import { composeDocumentTitle } from './documentTitle';

describe('composeDocumentTitle', () => {
  it('puts the route first, then the environment, project and organisation, then the product', () => {
    expect(
      composeDocumentTitle({
        route: 'Accueil',
        environment: 'Production',
        project: 'Demo project',
        organisation: 'Acme',
        product: 'Console',
      }),
    ).toBe('Accueil · Production · Demo project · Acme — Console');
  });

  it('leaves out the names not known (yet), without doubled separators', () => {
    expect(
      composeDocumentTitle({
        route: 'Home',
        project: 'Demo project',
        organisation: '  ',
        product: 'Console',
      }),
    ).toBe('Home · Demo project — Console');
    expect(composeDocumentTitle({ route: 'Profile', product: 'Console' })).toBe('Profile — Console');
  });

  it('falls back to the product name alone', () => {
    expect(composeDocumentTitle({ route: '', product: 'Console' })).toBe('Console');
  });
});
