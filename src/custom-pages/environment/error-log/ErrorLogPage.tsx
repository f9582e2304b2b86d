import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { environmentPath } from '../../../routing/scopePaths';
import { ErrorLogFilterBar } from './ErrorLogFilterBar';
import { ErrorLogTable } from './ErrorLogTable';
import { errorLogQuery, NO_FILTERS, type ErrorLogFilters } from './errorLogFilters';
import { useErrorLog } from './useErrorLog';

const PAGE_SIZES = [25, 50, 100];

/**
 * The environment's error log (spec pipeline §2): every failed step of its analyses and every
 * delivery whose attempts all failed, newest first, filtered and paged by the server, read again
 * every 10 s.
 */
export const ErrorLogPage = () => {
  const translate = useTranslate();
  const { projectId = '', envId = '' } = useParams();
  const [filters, setFilters] = useState<ErrorLogFilters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PAGE_SIZES[0]);
  const { state, refresh, categories } = useErrorLog(envId, errorLogQuery(filters, page, perPage));
  const analysisPath = (analysisId: string) =>
    `${environmentPath(projectId, envId)}/analyses/${encodeURIComponent(analysisId)}`;

  return (
    <ResourcePageFrame titleKey="app.routes.errorLog" wide>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', mb: 2 }}>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          {translate('app.errorLog.intro')}
        </Typography>
        <Button startIcon={<Refresh />} onClick={refresh} sx={{ flexShrink: 0 }}>
          {translate('app.errorLog.refresh')}
        </Button>
      </Stack>
      <ErrorLogFilterBar
        filters={filters}
        categories={categories}
        onChange={(next) => {
          setFilters(next);
          setPage(0);
        }}
      />
      {state.status === 'error' ? <Alert severity="error">{errorMessage(state.error)}</Alert> : null}
      {state.status === 'success' && state.total === 0 ? (
        <Typography color="text.secondary">{translate('app.errorLog.empty')}</Typography>
      ) : null}
      {state.status === 'success' && state.total > 0 ? (
        <>
          <ErrorLogTable entries={state.entries} analysisPath={analysisPath} />
          <TablePagination
            component="div"
            count={state.total}
            page={page}
            rowsPerPage={perPage}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPerPage(Number(event.target.value));
              setPage(0);
            }}
            labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
            labelDisplayedRows={({ from, to, count }) =>
              translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
            }
            getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
          />
        </>
      ) : null}
    </ResourcePageFrame>
  );
};
