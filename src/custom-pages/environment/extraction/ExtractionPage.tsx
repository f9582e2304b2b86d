import { useTranslate } from 'react-admin';
import { UserDocumentation } from '../../../components/user-documentation/UserDocumentation';
import { informationExtractionSection } from '../../../components/user-documentation/documentationPages';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';
import { TabbedPanels } from '../analyses/components/TabbedPanels';
import { ExtractionTest } from './ExtractionTest';

const fields = getResource('extraction-fields');

/** Interface (the fields), tests (a text read with them), documentation (what a field does). */
export const ExtractionPage = () => {
  const translate = useTranslate();
  const scope = useRouteScope();
  const List = fields.list;
  return (
    <ResourcePageFrame titleKey="app.routes.extraction">
      <TabbedPanels
        label={translate('app.routes.extraction')}
        panels={[
          {
            id: 'interface',
            label: translate('app.nlu.extraction.tabs.interface'),
            render: () => <List resource={fields} scope={scope} />,
          },
          {
            id: 'tests',
            label: translate('app.nlu.extraction.tabs.tests'),
            render: () => <ExtractionTest envId={scope.environmentId ?? ''} />,
          },
          {
            id: 'documentation',
            label: translate('app.nlu.extraction.tabs.documentation'),
            // The part of the engine's documentation about information extraction (docs/nlu.md).
            render: () => <UserDocumentation page="nlu" section={informationExtractionSection} />,
          },
        ]}
      />
    </ResourcePageFrame>
  );
};
