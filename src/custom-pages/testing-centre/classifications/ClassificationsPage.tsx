import { getResource } from '../../../resources/registry';
import { IntroducedListPage } from '../../../resources/ResourcePageFrame';

const classifications = getResource('classifications');

/**
 * The project's classification settings (spec pipeline §3 "Value types", docs/testing-centre.md
 * "Classifications: value types, ignored, private"): the generated list and forms. A type the
 * bank's values do not fit is refused, with the first such message named in the form.
 */
export const ClassificationsPage = () => (
  <IntroducedListPage
    resource={classifications}
    titleKey="app.routes.classifications"
    introKey="app.testing.classifications.intro"
  />
);
