import type { ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import { AccessDenied } from '../../components/AccessDenied';
import { PageLoader } from '../../components/PageLoader';
import { ScopeNamesContext } from '../../routing/ScopeNamesContext';
import { useScopeNames } from '../../routing/useScopeNames';
import { LayoutFrame } from './LayoutFrame';
import { ShellAppBar } from './ShellAppBar';
import { UserMenu } from './UserMenu';

export interface ScopeAccess {
  resource: string;
  record?: { id?: string; organisationId?: string; projectId?: string };
}

export interface ScopeLayoutProps {
  /** What canAccess must allow before the scope's chrome and pages show (spec §6). */
  access: ScopeAccess;
  context?: ReactNode;
  menu?: ReactNode;
}

/** Loads the scope's names once, for the breadcrumb and the document title of every page below. */
const ScopeNamesLoader = ({ children }: { children: ReactNode }) => (
  <ScopeNamesContext.Provider value={useScopeNames()}>{children}</ScopeNamesContext.Provider>
);

/**
 * A layout whose scope needs a permission. Until it is granted only the bare frame shows, so a user
 * sent somewhere they may not go gets one clear message instead of the failing calls of its menu
 * and breadcrumb. The server is still the real guard (DESIGN.md §9).
 */
export const ScopeLayout = ({ access, context, menu }: ScopeLayoutProps) => {
  const { canAccess, isPending } = useCanAccess({ ...access, action: 'show' });
  const allowed = !isPending && canAccess === true;
  return allowed ? (
    <ScopeNamesLoader>
      <LayoutFrame appBar={<ShellAppBar context={context} actions={<UserMenu />} />} menu={menu} />
    </ScopeNamesLoader>
  ) : (
    <LayoutFrame appBar={<ShellAppBar actions={<UserMenu />} />}>
      {isPending ? <PageLoader /> : <AccessDenied />}
    </LayoutFrame>
  );
};
