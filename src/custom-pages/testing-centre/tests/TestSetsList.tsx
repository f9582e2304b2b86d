import PlayArrow from '@mui/icons-material/PlayArrow';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { listTestSets, type TestSet } from '../../../../schemas/contracts/test-sets';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useCall } from '../../../providers/useCall';
import { testResultsPath } from '../../../routing/scopePaths';
import { LaunchTestDialog } from './LaunchTestDialog';
import { TagVisibilityMenu } from './TagVisibilityMenu';
import { TestStatusChip } from './TestStatusChip';
import { useTagVisibility } from './useTagVisibility';

const COLUMNS = ['tag', 'messages', 'qualified', 'status', 'visibility', 'lastTest'] as const;

/**
 * "My test sets" (spec pipeline §2, §4 "Test set: qualified or not qualified"): the tags of the bank
 * the user sees — public ones and their own private ones — with their message counts, qualified
 * when every message is, their visibility, their latest test, and a test launched on one.
 */
export const TestSetsList = ({ projectId, canLaunch }: { projectId: string; canLaunch: boolean }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const sets = useCall(listTestSets, { params: { projectId } });
  const visibility = useTagVisibility(projectId);
  const [launching, setLaunching] = useState<string>();

  if (sets.status === 'pending') return <PageLoader />;
  if (sets.status === 'error') return <CallErrorAlert error={sets.error} onRetry={sets.retry} />;
  if (sets.data.length === 0)
    return <Typography color="text.secondary">{translate('app.testing.testSets.none')}</Typography>;

  const lastTest = ({ lastTest: last }: TestSet) =>
    last ? (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TestStatusChip status={last.status} />
        <Link component={RouterLink} to={testResultsPath(projectId, last.id)}>
          {new Date(last.createdAt).toLocaleString(locale)}
        </Link>
      </Stack>
    ) : (
      <Typography variant="body2" color="text.secondary">
        {translate('app.testing.testSets.noTest')}
      </Typography>
    );

  return (
    <>
      <Table size="small" aria-label={translate('app.testing.testSets.title')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell
                key={column}
                align={column === 'messages' || column === 'qualified' ? 'right' : 'left'}
              >
                {translate(`app.testing.testSets.columns.${column}`)}
              </TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {sets.data.map((set) => (
            <TableRow key={set.tag}>
              <TableCell component="th" scope="row">
                {set.tag}
              </TableCell>
              <TableCell align="right">{set.messages}</TableCell>
              <TableCell align="right">{set.qualified}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={set.status === 'qualified' ? 'success' : 'default'}
                  label={translate(`app.testing.testSets.statuses.${set.status}`)}
                />
              </TableCell>
              <TableCell>
                <TagVisibilityMenu
                  {...set}
                  busy={visibility.busy === set.tag}
                  onChange={(next) => void visibility.change(set.tag, next)}
                />
              </TableCell>
              <TableCell>{lastTest(set)}</TableCell>
              <TableCell align="right">
                {canLaunch ? (
                  <Tooltip title={translate('app.testing.testSets.launch', { tag: set.tag })}>
                    <IconButton
                      aria-label={translate('app.testing.testSets.launch', { tag: set.tag })}
                      onClick={() => setLaunching(set.tag)}
                    >
                      <PlayArrow />
                    </IconButton>
                  </Tooltip>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <LaunchTestDialog
        open={launching !== undefined}
        projectId={projectId}
        initialTag={launching}
        onClose={() => setLaunching(undefined)}
      />
    </>
  );
};
