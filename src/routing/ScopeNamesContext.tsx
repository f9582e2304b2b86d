import { createContext, useContext } from 'react';

export interface ScopeName {
  id: string;
  name: string | undefined;
}

/** The organisation, project and environment of the current route, with their names once known. */
export interface ScopeNames {
  organisation?: ScopeName;
  project?: ScopeName;
  environment?: ScopeName;
}

/**
 * Filled by the scoped layouts (which load the names once for the breadcrumb and the document
 * title); pages outside any scope see no names.
 */
export const ScopeNamesContext = createContext<ScopeNames>({});

export const useScopeNamesContext = (): ScopeNames => useContext(ScopeNamesContext);
