import { getResource } from '../../../resources/registry';
import { IntroducedListPage } from '../../../resources/ResourcePageFrame';

const domainModules = getResource('domain-modules');

/**
 * The testing centre's parameters (spec pipeline §2 "parameters (domain modules)"): the generated
 * list and forms of the project's domain modules, the sources of classifications domain rules
 * point at. Deleting one that a rule uses is refused, with the reason in the dialog.
 */
export const DomainModulesPage = () => (
  <IntroducedListPage
    resource={domainModules}
    titleKey="app.routes.domainModules"
    introKey="app.testing.domainModules.intro"
  />
);
