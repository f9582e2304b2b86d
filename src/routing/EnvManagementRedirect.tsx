import { Navigate, useSearchParams } from 'react-router-dom';

/** The sub-pages of env-management that exist; the first is the default (spec §2). */
const SUB_PAGES = ['settings', 'import-export', 'access-keys', 'webhooks', 'integrations'] as const;

/**
 * `env-management` with no sub-path (spec §2): its `active-page` query value becomes the matching
 * sub-path; anything else opens the settings.
 */
export const EnvManagementRedirect = () => {
  const [search] = useSearchParams();
  const wanted = search.get('active-page') ?? search.get('activePage');
  const page = SUB_PAGES.find((p) => p === wanted) ?? SUB_PAGES[0];
  return <Navigate to={page} replace />;
};
