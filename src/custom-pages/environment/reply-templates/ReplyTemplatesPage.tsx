import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { UserDocumentation } from '../../../components/user-documentation/UserDocumentation';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';
import { TabbedPanels } from '../analyses/components/TabbedPanels';
import { ReplyErrors } from './ReplyErrors';
import { ReplyIncludes } from './ReplyIncludes';
import { ReplyTest } from './ReplyTest';

const templates = getResource('reply-templates');

/** Templates (list and editor), includes, tests, documentation (docs/replies.md, in the user's language), errors. */
export const ReplyTemplatesPage = () => {
  const translate = useTranslate();
  const scope = useRouteScope();
  const envId = scope.environmentId ?? '';
  const List = templates.list;
  return (
    <ResourcePageFrame titleKey="app.routes.replyTemplates">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.replies.intro')}
      </Typography>
      <TabbedPanels
        label={translate('app.routes.replyTemplates')}
        panels={[
          {
            id: 'templates',
            label: translate('app.replies.tabs.templates'),
            render: () => <List resource={templates} scope={scope} />,
          },
          {
            id: 'includes',
            label: translate('app.replies.tabs.includes'),
            render: () => <ReplyIncludes resource={templates.apiResource(envId)} />,
          },
          {
            id: 'tests',
            label: translate('app.replies.tabs.tests'),
            render: () => <ReplyTest envId={envId} resource={templates.apiResource(envId)} />,
          },
          {
            id: 'documentation',
            label: translate('app.replies.tabs.documentation'),
            render: () => <UserDocumentation page="replies" />,
          },
          {
            id: 'errors',
            label: translate('app.replies.tabs.errors'),
            render: () => <ReplyErrors envId={envId} />,
          },
        ]}
      />
    </ResourcePageFrame>
  );
};
