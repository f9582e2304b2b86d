import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { environmentPath, organisationPath, projectPath } from '../../routing/scopePaths';
import { useScopeNamesContext } from '../../routing/ScopeNamesContext';

/** Organisation › project › environment of the current route, each a link to its home. */
export const ScopeBreadcrumb = () => {
  const translate = useTranslate();
  const { organisation, project, environment } = useScopeNamesContext();
  const crumbs = [
    organisation && { to: organisationPath(organisation.id), name: organisation.name },
    project && { to: projectPath(project.id), name: project.name },
    project && environment && { to: environmentPath(project.id, environment.id), name: environment.name },
  ].filter((crumb) => !!crumb);

  return (
    <Breadcrumbs aria-label={translate('app.layouts.breadcrumb')} sx={{ color: 'inherit' }}>
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Typography key={crumb.to} color="inherit" aria-current="page" noWrap>
            {crumb.name ?? '…'}
          </Typography>
        ) : (
          <Link key={crumb.to} component={RouterLink} to={crumb.to} color="inherit" noWrap>
            {crumb.name ?? '…'}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
};
