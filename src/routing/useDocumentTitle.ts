import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { composeDocumentTitle } from './documentTitle';
import { rememberPage } from './recentPages';
import { useScopeNamesContext } from './ScopeNamesContext';

/**
 * Sets the document title from the route's name (a translation key) and the names in scope, and
 * remembers the page under that title for the rapid navigation's recent pages.
 */
export const useDocumentTitle = (routeTitleKey: string): void => {
  const translate = useTranslate();
  const { pathname, search } = useLocation();
  const { organisation, project, environment } = useScopeNamesContext();
  const title = composeDocumentTitle({
    route: translate(routeTitleKey),
    environment: environment?.name,
    project: project?.name,
    organisation: organisation?.name,
    product: translate('app.product'),
  });
  // Remembered once the names of the page's scope are in its title, never half-known.
  const named = pathname.includes('/environment/')
    ? environment !== undefined
    : pathname.startsWith('/project/')
      ? project !== undefined
      : pathname.startsWith('/orga/')
        ? organisation !== undefined
        : true;
  useEffect(() => {
    document.title = title;
    if (named) rememberPage({ path: `${pathname}${search}`, title });
  }, [title, named, pathname, search]);
};
