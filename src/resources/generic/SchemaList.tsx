import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { Identifier } from 'react-admin';
import { ListBase, ResourceContextProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';
import type { ListViewProps } from '../types';
import { useResourceAccess } from '../useResourceAccess';
import { BulkDeleteBar } from './BulkDeleteBar';
import { ListFilters } from './ListFilters';
import { ListPagination } from './ListPagination';
import { ListTable } from './ListTable';
import { RecordDialog } from './RecordDialog';
import type { RecordDialogState } from './RecordDialog';

/**
 * The generated list of a resource in a scope (DESIGN.md §4): search and filters, server-side sort
 * and pages, bulk delete, a create button and rows that open the record — each offered only when
 * the schema has the operation and the user's role allows it (spec §6).
 */
export const SchemaList = ({
  resource,
  scope,
  links,
  onCreated,
  actions,
  cells,
  refreshInterval,
  bulkActions,
  initialFilter,
}: ListViewProps) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const access = useResourceAccess(resource, scope);
  const [dialog, setDialog] = useState<RecordDialogState>();
  const scopeId = resource.scopeIdOf(scope);

  if (access.isPending) return <PageLoader />;
  if (!access.list) return <Alert severity="warning">{translate('app.errors.accessDeniedHint')}</Alert>;

  const create = () => (links?.create ? navigate(links.create) : setDialog({ mode: 'create' }));
  // Editable records open their form; the others (e.g. invitations) their read-only view.
  const mode = access.edit ? 'edit' : access.show ? 'show' : undefined;
  const open = (id: Identifier) => {
    const link = mode === 'edit' ? links?.edit : links?.show;
    if (link) navigate(link(id));
    else if (mode) setDialog({ mode, id });
  };

  return (
    <ResourceContextProvider value={resource.apiResource(scopeId)}>
      <ListBase
        disableSyncWithLocation
        disableAuthentication
        filter={resource.scopeFilter(scopeId)}
        filterDefaultValues={initialFilter}
        sort={resource.hints.defaultSort}
        perPage={25}
        // react-query pauses the interval while the tab is hidden (refetchIntervalInBackground).
        queryOptions={refreshInterval ? { refetchInterval: refreshInterval } : undefined}
      >
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <ListFilters resource={resource} />
            {actions}
            {access.create ? (
              <Button variant="contained" startIcon={<Add />} onClick={create} sx={{ flexShrink: 0 }}>
                {translate('ra.action.create')}
              </Button>
            ) : null}
          </Stack>
          <Paper variant="outlined">
            {access.delete || bulkActions ? (
              <BulkDeleteBar resource={resource} canDelete={access.delete} actions={bulkActions} />
            ) : null}
            <ListTable
              resource={resource}
              selectable={access.delete || Boolean(bulkActions)}
              onOpen={mode ? open : undefined}
              cells={cells}
            />
            <ListPagination />
          </Paper>
        </Stack>
      </ListBase>
      <RecordDialog
        resource={resource}
        scope={scope}
        state={dialog}
        onClose={() => setDialog(undefined)}
        onCreated={onCreated}
      />
    </ResourceContextProvider>
  );
};
