import { lazy } from 'react';
import type { ComponentType } from 'react';

/**
 * `React.lazy` for a named export, so that Vite puts the module (and what only it imports) in its
 * own chunk, fetched the first time its route is opened.
 *
 * @example
 * const ProjectLayout = lazyNamed(() => import('../layouts/ProjectLayout'), 'ProjectLayout');
 */
export const lazyNamed = <M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) => lazy(() => load().then((module) => ({ default: module[name] })));
