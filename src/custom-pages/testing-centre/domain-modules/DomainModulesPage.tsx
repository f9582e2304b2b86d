import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';

const domainModules = getResource('domain-modules');

/**
 * The testing centre's parameters (spec pipeline §2 "parameters (domain modules)"): the generated
 * list and forms of the project's domain modules, the sources of classifications domain rules
 * point at. Deleting one that a rule uses is refused, with the reason in the dialog.
 */
export const DomainModulesPage = () => {
  const translate = useTranslate();
  const scope = useRouteScope();
  const List = domainModules.list;
  return (
    <ResourcePageFrame titleKey="app.routes.domainModules" wide>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.testing.domainModules.intro')}
      </Typography>
      <List resource={domainModules} scope={scope} />
    </ResourcePageFrame>
  );
};
