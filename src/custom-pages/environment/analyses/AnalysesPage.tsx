import Add from '@mui/icons-material/Add';
import ForwardToInbox from '@mui/icons-material/ForwardToInbox';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import type { RaRecord } from 'react-admin';
import { useCanAccess, useLocale, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import type { ResourceDescriptor } from '../../../resources/types';
import { scopedCheck } from '../../../resources/useResourceAccess';
import { useRouteScope } from '../../../resources/useRouteScope';
import { environmentPath } from '../../../routing/scopePaths';
import { filterOfSearch } from '../dashboard/drillDown';
import { useTraceText } from '../analysis-result/traceText';
import { AnalysisStatusChip, isAnalysisStatus } from './components/AnalysisStatusChip';
import { formatDuration } from './components/format';
import { NewAnalysisDialog } from './NewAnalysisDialog';
import { SimulateMailDialog } from './SimulateMailDialog';

const registered = getResource('analyses');
/**
 * The schema names the enum filters; the list also filters by creation date, between two days
 * (the API's `createdAt_gte` / `createdAt_lte` bounds, which ListFilters offers for date-times).
 */
const analyses: ResourceDescriptor = {
  ...registered,
  hints: { ...registered.hints, filters: [...(registered.hints.filters ?? []), 'createdAt'] },
};

/** Statuses change by themselves (waiting → pending → processed): the list asks again this often. */
export const LIST_REFRESH_MS = 2000;

/** A row's status; an analysis in error says why on it, in the reader's language. */
const StatusCell = ({ record }: { record: RaRecord }) => {
  const { failure } = useTraceText();
  return isAnalysisStatus(record.status) ? (
    <AnalysisStatusChip
      status={record.status}
      failure={failure({
        error: typeof record.error === 'string' ? record.error : null,
        errorMessage: record.errorMessage,
      })}
    />
  ) : null;
};

/**
 * The analyses of an environment (spec §2 "Core analyses"): the generic list, kept live while the
 * page is open, and the two ways of launching one — a file or pasted text, or a simulated mail.
 */
export const AnalysesPage = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const scope = useRouteScope();
  const envId = scope.environmentId ?? '';
  const home = environmentPath(scope.projectId ?? '', envId);
  const [dialog, setDialog] = useState<'file' | 'mail'>();
  // A link of the dashboard opens the list filtered (`?filter={"status":"error",…}`).
  const [search] = useSearchParams();
  const initialFilter = useMemo(() => filterOfSearch(search), [search]);
  const { canAccess: canLaunch } = useCanAccess(
    scopedCheck('create', analyses.apiResource(envId), { projectId: scope.projectId }),
  );
  const cells = useMemo(
    () => ({
      status: (record: RaRecord) => <StatusCell record={record} />,
      durationMs: ({ durationMs }: RaRecord) =>
        typeof durationMs === 'number' ? formatDuration(durationMs, locale) : '',
    }),
    [locale],
  );
  const List = analyses.list;

  return (
    <ResourcePageFrame titleKey="app.routes.analyses" wide>
      <List
        resource={analyses}
        scope={scope}
        links={{ show: (id) => `${home}/analyses/${encodeURIComponent(String(id))}` }}
        cells={cells}
        refreshInterval={LIST_REFRESH_MS}
        initialFilter={initialFilter}
        actions={
          canLaunch ? (
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
              <Button variant="contained" startIcon={<Add />} onClick={() => setDialog('file')}>
                {translate('app.analyses.new.title')}
              </Button>
              <Button variant="outlined" startIcon={<ForwardToInbox />} onClick={() => setDialog('mail')}>
                {translate('app.analyses.mail.title')}
              </Button>
            </Stack>
          ) : null
        }
      />
      <NewAnalysisDialog open={dialog === 'file'} envId={envId} onClose={() => setDialog(undefined)} />
      <SimulateMailDialog open={dialog === 'mail'} envId={envId} onClose={() => setDialog(undefined)} />
    </ResourcePageFrame>
  );
};
