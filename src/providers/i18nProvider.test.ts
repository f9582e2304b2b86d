import { beforeEach, describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import { buildMessages, createI18nProvider } from './i18nProvider';

beforeEach(() => window.localStorage.clear());

describe('i18nProvider', () => {
  it('speaks French by default', () => {
    const i18n = createI18nProvider();
    expect(i18n.getLocale()).toBe('fr');
    expect(i18n.translate('app.login.errors.passwordIncorrect')).toBe(
      'Le mot de passe est incorrect. Veuillez vérifier votre saisie.',
    );
    expect(i18n.translate('ra.action.save')).toBe('Enregistrer');
  });

  it('starts in the stored locale', () => {
    window.localStorage.setItem('locale', 'en');
    const i18n = createI18nProvider();
    expect(i18n.getLocale()).toBe('en');
    expect(i18n.translate('app.password.mismatch')).toBe('Passwords are not the same');
  });

  it('resets an invalid stored locale to French, in storage too', () => {
    window.localStorage.setItem('locale', 'de');
    const i18n = createI18nProvider();
    expect(i18n.getLocale()).toBe('fr');
    expect(window.localStorage.getItem('locale')).toBe('fr');
  });

  it('stores a locale change, and turns an unknown one into French', async () => {
    const i18n = createI18nProvider();
    await i18n.changeLocale('en');
    expect(window.localStorage.getItem('locale')).toBe('en');
    expect(i18n.translate('app.login.submit')).toBe('Sign in');
    await i18n.changeLocale('xx');
    expect(i18n.getLocale()).toBe('fr');
    expect(window.localStorage.getItem('locale')).toBe('fr');
  });

  it('falls back to French for a key English lacks', async () => {
    const messages = buildMessages({
      fr: [frenchMessages, { app: { both: 'Les deux', onlyFrench: 'Seulement en français' } }],
      en: [englishMessages, { app: { both: 'Both' } }],
    });
    const i18n = createI18nProvider(messages);
    await i18n.changeLocale('en');
    expect(i18n.translate('app.both')).toBe('Both');
    expect(i18n.translate('app.onlyFrench')).toBe('Seulement en français');
  });
});
