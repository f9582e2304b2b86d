import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { listReplyErrors, REPLY_ERRORS_KEPT } from '../../../../schemas/contracts/replies';
import { errorMessage } from '../../../api/errors';
import { useCall } from '../../../providers/useCall';
import { useTraceText } from '../analysis-result/traceText';
import { environmentPath } from '../../../routing/scopePaths';
import { formatDateTime } from '../../../theme';

/**
 * The last template errors of the environment's analyses, each linked to its analysis, said by
 * code in the user's language where the server gave one (else its English words).
 */
export const ReplyErrors = ({ envId }: { envId: string }) => {
  const translate = useTranslate();
  const { say } = useTraceText();
  const locale = useLocale();
  const { projectId = '' } = useParams();
  const errors = useCall(listReplyErrors, { params: { envId } });
  if (errors.status === 'pending') return null;
  if (errors.status === 'error') return <Alert severity="error">{errorMessage(errors.error)}</Alert>;
  if (errors.data.length === 0)
    return <Typography color="text.secondary">{translate('app.replies.errors.empty')}</Typography>;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.replies.errors.kept', { count: REPLY_ERRORS_KEPT })}
      </Typography>
      <Table size="small" aria-label={translate('app.replies.tabs.errors')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.replies.errors.at')}</TableCell>
            <TableCell>{translate('app.replies.errors.analysis')}</TableCell>
            <TableCell>{translate('app.replies.errors.message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.data.map((e) => (
            <TableRow key={e.analysisId}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(e.at, locale, { seconds: true })}
              </TableCell>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={`${environmentPath(projectId, envId)}/analyses/${e.analysisId}`}
                >
                  {e.analysisName}
                </Link>
              </TableCell>
              <TableCell>{say(e.trace, e.message)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
};
