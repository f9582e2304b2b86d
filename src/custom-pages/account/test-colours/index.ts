import { TestColoursPage } from './TestColoursPage';

/**
 * The test-colours custom page (spec platform-shell §2). It has no menu entry: it is reached by
 * its address, as a developer tool. Both shapes are exported, `import * as page` and the object.
 */
export const path = 'test-colours';
export const Page = TestColoursPage;
export const testColoursPage = { path, Page } as const;

export { TestColoursPage } from './TestColoursPage';
export { testColoursMessages, testColoursKeys } from './i18n';
