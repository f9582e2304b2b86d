import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyStoredPreferences } from './theme';

// Before the first render, so the page never flashes light or at the wrong size (spec §4, §9).
const preferences = applyStoredPreferences();

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

createRoot(root).render(
  <StrictMode>
    <App preferences={preferences} />
  </StrictMode>,
);
