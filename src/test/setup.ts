import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// vitest runs without globals, so Testing Library cannot register its own clean-up.
afterEach(cleanup);

// findBy* and waitFor give up after 1 s by default: on a loaded two-core machine (CI runs the
// console and server projects side by side) a lazy page can take longer to appear. A wrong
// expectation still fails, only later.
configure({ asyncUtilTimeout: 5000 });
