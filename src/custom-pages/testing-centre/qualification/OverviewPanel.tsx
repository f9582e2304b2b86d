import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { qualificationOverview } from '../../../../schemas/contracts/testing';
import { PageLoader } from '../../../components/PageLoader';
import { useCall } from '../../../providers/useCall';
import { testResultsPath } from '../../../routing/scopePaths';
import { testingErrorMessage } from '../messages-bank/testingErrors';
import { useRatio } from '../test-scores/ScoresTable';
import { formatDateTime } from '../../../theme';

const STATUS_COLOURS = {
  qualified: 'success',
  partially_qualified: 'warning',
  not_qualified: 'default',
} as const;

/**
 * The overview of the qualification panel: how many messages are qualified, partially or not, how
 * many are qualified and have expectations per kind, and the micro precision and sensitivity of the
 * tag's last test.
 */
export const OverviewPanel = ({ projectId, tag }: { projectId: string; tag: string }) => {
  const translate = useTranslate();
  const ratio = useRatio();
  const locale = useLocale();
  const overview = useCall(qualificationOverview, {
    params: { projectId },
    query: tag ? { tag } : {},
  });
  if (overview.status === 'error')
    return <Alert severity="error">{testingErrorMessage(overview.error, translate)}</Alert>;
  if (overview.status === 'pending') return <PageLoader />;
  const { statuses, kinds, lastTest } = overview.data;
  const kindLabel = (kind: string) => translate(`resources.messages.fields.expected.${kind}`);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} aria-label={translate('app.testing.qualification.statuses')}>
        {(['qualified', 'partially_qualified', 'not_qualified'] as const).map((status) => (
          <Chip
            key={status}
            color={STATUS_COLOURS[status]}
            label={`${translate(`resources.messages.values.qualificationStatus.${status}`)}: ${statuses[status]}`}
          />
        ))}
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" id="kinds-overview" gutterBottom>
          {translate('app.testing.qualification.kinds')}
        </Typography>
        <Table size="small" aria-labelledby="kinds-overview">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.testing.results.columns.kind')}</TableCell>
              <TableCell align="right">{translate('app.testing.qualification.withExpectations')}</TableCell>
              <TableCell align="right">{translate('app.testing.qualification.qualifiedKind')}</TableCell>
              <TableCell align="right">{translate('app.testing.results.columns.precision')}</TableCell>
              <TableCell align="right">{translate('app.testing.results.columns.sensitivity')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {kinds.map((k) => {
              const scores = lastTest?.kinds.find((s) => s.kind === k.kind)?.micro;
              return (
                <TableRow key={k.kind}>
                  <TableCell component="th" scope="row">
                    {kindLabel(k.kind)}
                  </TableCell>
                  <TableCell align="right">{k.withExpectations}</TableCell>
                  <TableCell align="right">{k.qualified}</TableCell>
                  <TableCell align="right">{scores ? ratio(scores.precision) : '—'}</TableCell>
                  <TableCell align="right">{scores ? ratio(scores.sensitivity) : '—'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Paper>
      <Typography color="text.secondary">
        {!tag ? (
          translate('app.testing.qualification.chooseTag')
        ) : lastTest ? (
          <Link component={RouterLink} to={testResultsPath(projectId, lastTest.id)}>
            {translate('app.testing.qualification.lastTest', {
              date: lastTest.finishedAt ? formatDateTime(lastTest.finishedAt, locale) : '—',
            })}
          </Link>
        ) : (
          translate('app.testing.qualification.noTest')
        )}
      </Typography>
    </Stack>
  );
};
