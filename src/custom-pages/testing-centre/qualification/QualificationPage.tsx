import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { listMessageTags } from '../../../../schemas/contracts/testing';
import { PageLoader } from '../../../components/PageLoader';
import { useCall } from '../../../providers/useCall';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';
import { testingErrorMessage } from '../messages-bank/testingErrors';
import { DetailedView } from './DetailedView';
import { LabellingView } from './LabellingView';
import { OverviewPanel } from './OverviewPanel';

const VIEWS = ['overview', 'detailed', 'labelling'] as const;
type View = (typeof VIEWS)[number];

/**
 * The qualification panel (spec pipeline §2): for the whole bank or one tag, an overview of the
 * qualification and of the tag's last scores, a detailed view where each message's kinds are
 * marked qualified or not, or reset, and a labelling view that walks the messages one by one.
 * The tag and the view are in the address, so a link or a reload lands on them.
 */
export const QualificationPage = () => {
  const translate = useTranslate();
  const scope = useRouteScope();
  const projectId = scope.projectId ?? '';
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag') ?? '';
  const view: View = (VIEWS as readonly string[]).includes(params.get('view') ?? '')
    ? (params.get('view') as View)
    : 'overview';
  const tags = useCall(listMessageTags, { params: { projectId } });
  const go = (next: { tag?: string; view?: View }) =>
    setParams({ tag: next.tag ?? tag, view: next.view ?? view }, { replace: true });

  return (
    <ResourcePageFrame titleKey="app.routes.qualification" wide>
      <Stack spacing={2}>
        {tags.status === 'error' ? (
          <Alert severity="error">{testingErrorMessage(tags.error, translate)}</Alert>
        ) : null}
        {tags.status === 'pending' ? <PageLoader /> : null}
        <TextField
          select
          size="small"
          label={translate('app.testing.qualification.tag')}
          value={tag}
          onChange={(e) => go({ tag: e.target.value })}
          sx={{ maxWidth: 360 }}
        >
          <MenuItem value="">{translate('app.testing.qualification.wholeBank')}</MenuItem>
          {(tags.data ?? []).map((t) => (
            <MenuItem key={t.tag} value={t.tag}>
              {translate('app.testing.launch.tagOption', { tag: t.tag, smart_count: t.messages })}
            </MenuItem>
          ))}
        </TextField>
        <Tabs value={view} onChange={(_, next: View) => go({ view: next })}>
          {VIEWS.map((v) => (
            <Tab key={v} value={v} label={translate(`app.testing.qualification.views.${v}`)} />
          ))}
        </Tabs>
        {view === 'overview' ? <OverviewPanel projectId={projectId} tag={tag} /> : null}
        {view === 'detailed' ? <DetailedView projectId={projectId} tag={tag} /> : null}
        {view === 'labelling' ? <LabellingView projectId={projectId} tag={tag} /> : null}
      </Stack>
    </ResourcePageFrame>
  );
};
