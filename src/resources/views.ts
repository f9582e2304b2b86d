import { lazy } from 'react';
import type { ComponentType } from 'react';
import type { CreateViewProps, EditViewProps, ListViewProps, ShowViewProps } from './types';

/**
 * The generic views, each in its own chunk: describing a resource (menus, access, links) must not
 * download rjsf, which only the forms need. Rendered inside a Suspense boundary (every layout has one).
 */
const lazyView = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(() => load().then((component) => ({ default: component })));

export const genericViews = {
  list: lazyView<ListViewProps>(() => import('./generic/SchemaList').then((m) => m.SchemaList)),
  create: lazyView<CreateViewProps>(() => import('./generic/SchemaCreate').then((m) => m.SchemaCreate)),
  edit: lazyView<EditViewProps>(() => import('./generic/SchemaEdit').then((m) => m.SchemaEdit)),
  show: lazyView<ShowViewProps>(() => import('./generic/SchemaShow').then((m) => m.SchemaShow)),
};
