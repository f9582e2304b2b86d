import { frAreas } from './frAreas';
import { frCore } from './frCore';
import { mergeMessages } from './mergeMessages';

/**
 * The console's French messages: the default and fallback language (spec platform-shell §1).
 * Keys live under `app.*`, and `resources.*` for the schema-driven resources (react-admin's
 * convention); react-admin's own (`ra.*`) come from ra-language-french. The toast and
 * test-colours messages sit beside their components and are merged in by the i18n provider.
 *
 * The whole tree, for the types and the tests: the console itself loads it in two parts, the first
 * download (frCore.ts) and the signed-in pages' (frAreas.ts).
 */
// Typed as both parts: mergeMessages types its result as its base.
export const fr = mergeMessages(frCore, frAreas) as typeof frCore & typeof frAreas;

/** The same tree with any strings: the shape every other language must have, no more, no less. */
export type Messages<T = typeof fr> = {
  -readonly [K in keyof T]: T[K] extends string ? string : Messages<T[K]>;
};
