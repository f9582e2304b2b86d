import type { StringMap } from 'react-admin';

/** A tree of translation messages, as polyglot reads it (react-admin's own type for it). */
export type MessageTree = StringMap;

const isTree = (value: unknown): value is MessageTree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Deep merge where later trees win. Used to lay the English messages over the French ones, so a key
 * missing in English falls back to French (spec §1) instead of showing the raw key.
 */
export const mergeMessages = <T extends MessageTree>(base: T, ...overlays: MessageTree[]): T =>
  // The result has at least the base's keys, hence its type; overlays only add or replace leaves.
  overlays.reduce<MessageTree>((merged, tree) => {
    const next: MessageTree = { ...merged };
    for (const [key, value] of Object.entries(tree)) {
      if (value === undefined) continue;
      const current = next[key];
      next[key] = isTree(current) && isTree(value) ? mergeMessages(current, value) : value;
    }
    return next;
  }, base) as T;

/** Every leaf key of a tree, dotted (`app.login.title`). */
export const messageKeys = (tree: MessageTree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    isTree(value) ? messageKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
