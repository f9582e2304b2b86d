import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadEnglish, loadWholeCatalogue } from '../providers/i18nProvider';

// vitest runs without globals, so Testing Library cannot register its own clean-up.
afterEach(cleanup);

// findBy* and waitFor give up after 1 s by default: on a loaded two-core machine (CI runs the
// console and server projects side by side) a lazy page, or a debounced filter typed character by
// character, can take several seconds. A wrong expectation still fails, only later; a test should
// not set a shorter timeout than this one.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lays nothing out, and its Range has no geometry: CodeMirror measures text with it (the code
// editors, src/components/code). Empty rectangles are what a hidden element would give.
if (!('getClientRects' in Range.prototype)) {
  Object.assign(Range.prototype, {
    getClientRects: () => Object.assign([], { item: () => null }),
    getBoundingClientRect: () => new DOMRect(),
  });
}

// The signed-in pages' French and English are loaded on demand in the browser
// (providers/i18nProvider.ts); tests render those pages and switch language at once.
await loadWholeCatalogue();
await loadEnglish();
