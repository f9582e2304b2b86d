import { UserDocumentation } from '../../../components/user-documentation/UserDocumentation';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';

/** docs/nlu.md, or docs/nlu.fr.md: the same text the repository holds, in the user's language. */
export const ConfigurationHelpPage = () => (
  <ResourcePageFrame titleKey="app.routes.configurationHelp">
    <UserDocumentation page="nlu" />
  </ResourcePageFrame>
);
