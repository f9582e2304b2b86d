import './zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { resolveStoredLocale } from './i18n/locale';
import { loadEnglish, loadWholeCatalogue } from './providers/i18nProvider';
import { getToken } from './providers/session';
import { applyStoredPreferences } from './theme';

// Before the first render, so the page never flashes light or at the wrong size (spec §4, §9).
const preferences = applyStoredPreferences();

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

// The French of the pages before sign-in is in the first download; the signed-in pages' is loaded
// first when a session is stored (the shell loads it after a sign-in), English when it is the
// stored language.
const messages = Promise.all([
  getToken() === null ? undefined : loadWholeCatalogue(),
  resolveStoredLocale() === 'en' ? loadEnglish() : undefined,
]);
void messages.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App preferences={preferences} />
    </StrictMode>,
  ),
);
