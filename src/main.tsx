import './zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { resolveStoredLocale } from './i18n/locale';
import { loadEnglish } from './providers/i18nProvider';
import { applyStoredPreferences } from './theme';

// Before the first render, so the page never flashes light or at the wrong size (spec §4, §9).
const preferences = applyStoredPreferences();

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

// French is in the first download; English is loaded first when it is the stored language.
const messages = resolveStoredLocale() === 'en' ? loadEnglish() : Promise.resolve();
void messages.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App preferences={preferences} />
    </StrictMode>,
  ),
);
