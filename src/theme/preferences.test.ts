import { afterEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../storage';
import {
  applyDarkMode,
  applyFontSize,
  applyStoredPreferences,
  darkModeClass,
  readDarkMode,
  readFontSize,
  writeDarkMode,
  writeFontSize,
} from './preferences';

const root = () => document.documentElement;

describe('display preferences', () => {
  afterEach(() => {
    localStorage.clear();
    root().className = '';
    root().style.fontSize = '';
    document.body.style.fontSize = '';
  });

  it('adds and removes the app-dark class on the page root', () => {
    expect(darkModeClass).toBe('app-dark');
    applyDarkMode(true);
    expect(root()).toHaveClass('app-dark');
    applyDarkMode(false);
    expect(root()).not.toHaveClass('app-dark');
  });

  it('stores dark mode as true/false and starts with it off', () => {
    expect(readDarkMode()).toBe(false);
    writeDarkMode(true);
    expect(localStorage.getItem(storageKeys.darkMode)).toBe('true');
    expect(readDarkMode()).toBe(true);
    writeDarkMode(false);
    expect(localStorage.getItem(storageKeys.darkMode)).toBe('false');
    localStorage.setItem(storageKeys.darkMode, 'yes');
    expect(readDarkMode()).toBe(false);
  });

  it.each([
    ['small', '12px'],
    ['medium', '14px'],
    ['large', '16px'],
  ] as const)('sets the %s font size (%s) on both html and body', (size, px) => {
    applyFontSize(size);
    expect(root().style.fontSize).toBe(px);
    expect(document.body.style.fontSize).toBe(px);
  });

  it('reads back a stored font size, and falls back to medium for anything else', () => {
    expect(readFontSize()).toBe('medium');
    writeFontSize('large');
    expect(localStorage.getItem(storageKeys.preferredFontSize)).toBe('large');
    expect(readFontSize()).toBe('large');
    localStorage.setItem(storageKeys.preferredFontSize, '18px');
    expect(readFontSize()).toBe('medium');
  });

  it('applies the stored preferences at start-up', () => {
    localStorage.setItem(storageKeys.preferredFontSize, 'small');
    localStorage.setItem(storageKeys.darkMode, 'true');
    expect(applyStoredPreferences()).toEqual({ fontSize: 'small', darkMode: true });
    expect(root()).toHaveClass('app-dark');
    expect(root().style.fontSize).toBe('12px');
    expect(document.body.style.fontSize).toBe('12px');
  });

  it('applies the defaults (14px, light) when nothing valid is stored', () => {
    localStorage.setItem(storageKeys.preferredFontSize, 'huge');
    root().classList.add('app-dark');
    expect(applyStoredPreferences()).toEqual({ fontSize: 'medium', darkMode: false });
    expect(root()).not.toHaveClass('app-dark');
    expect(document.body.style.fontSize).toBe('14px');
  });
});
