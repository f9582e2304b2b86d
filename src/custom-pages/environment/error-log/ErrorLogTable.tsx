import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate, type TranslateFunction } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ErrorLogEntry } from '../../../../schemas/contracts/error-log';
import { deliveryError } from '../webhooks/deliveryError';
import { formatDateTime } from '../../../theme';

/** Where the entry failed: the step's name, or the webhook's address; a failure outside steps says so. */
const where = (translate: TranslateFunction, entry: ErrorLogEntry) =>
  entry.kind === 'delivery'
    ? entry.webhookUrl
    : entry.step
      ? translate(`app.analyses.trace.steps.${entry.step}`)
      : translate('app.errorLog.outsideSteps');

/** The failure in the user's language where a code has a translation, else as the server said it. */
const failure = (translate: TranslateFunction, entry: ErrorLogEntry) =>
  entry.kind === 'delivery' ? deliveryError(translate, entry) : entry.errors.join(' · ');

/** The entries of one page; each analysis name opens its result. */
export const ErrorLogTable = ({
  entries,
  analysisPath,
}: {
  entries: ErrorLogEntry[];
  analysisPath: (analysisId: string) => string;
}) => {
  const translate = useTranslate();
  const locale = useLocale();
  const columns = ['at', 'kind', 'where', 'analysis', 'error'] as const;
  return (
    <Table size="small" aria-label={translate('app.routes.errorLog')}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column}>{translate(`app.errorLog.columns.${column}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.kind === 'delivery' ? entry.deliveryId : `${entry.analysisId}-${entry.step}`}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(entry.at, locale, { seconds: true })}
            </TableCell>
            <TableCell>{translate(`app.errorLog.kinds.${entry.kind}`)}</TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{where(translate, entry)}</TableCell>
            <TableCell>
              {entry.analysisId ? (
                <Link component={RouterLink} to={analysisPath(entry.analysisId)}>
                  {entry.analysisName}
                </Link>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {entry.analysisName ?? translate('app.errorLog.deletedAnalysis')}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              <Typography variant="body2" color="error">
                {failure(translate, entry)}
              </Typography>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
