import { Suspense } from 'react';
import type { ComponentType } from 'react';
import { PageLoader } from '../components/PageLoader';
import { useDocumentTitle } from './useDocumentTitle';

/** A routed page as its feature folder's index.ts describes it (`src/custom-pages/<area>/<page>`). */
export interface PageDefinition {
  /** Route path relative to its layout, e.g. `profile` or `reset-password/:token`; '' for an index. */
  path: string;
  /** Translation key of the route name, used for the document title. */
  title: string;
  Page: ComponentType;
}

/** Renders a page with its document title; lazy pages wait inside their layout, not on a blank screen. */
export const RoutePage = ({ page }: { page: PageDefinition }) => {
  useDocumentTitle(page.title);
  const { Page } = page;
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
};
