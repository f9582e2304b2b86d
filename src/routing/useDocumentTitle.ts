import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { composeDocumentTitle } from './documentTitle';
import { useScopeNamesContext } from './ScopeNamesContext';

/** Sets the document title from the route's name (a translation key) and the names in scope. */
export const useDocumentTitle = (routeTitleKey: string): void => {
  const translate = useTranslate();
  const { organisation, project, environment } = useScopeNamesContext();
  const title = composeDocumentTitle({
    route: translate(routeTitleKey),
    environment: environment?.name,
    project: project?.name,
    organisation: organisation?.name,
    product: translate('app.product'),
  });
  useEffect(() => {
    document.title = title;
  }, [title]);
};
