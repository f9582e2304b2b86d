import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import {
  listMySessions,
  listUserSessions,
  revokeMyOtherSessions,
  revokeMySession,
  revokeUserSession,
  revokeUserSessions,
  type SessionSummary,
} from '../../../schemas/contracts/auth';
import { errorMessage, HttpError } from '../../api';
import { toast } from '../../notifications';
import { invalidateCallCache } from '../../providers/callCache';
import { useApiClient } from '../../providers/ServicesContext';
import { useCall } from '../../providers/useCall';
import { formatDateTime } from '../../theme';
import { CallErrorAlert } from '../CallErrorAlert';
import { visuallyHidden } from '../visuallyHidden';
import { describeDevice } from './device';

/**
 * Sessions (docs/security.md, "Sessions"): where the account is signed in, and the means to end
 * those sessions. Without `userId`, the signed-in user's own, "this session" marked and kept by
 * "sign out the others"; with it, a member's, for an administrator of their organisation or staff.
 */
export const SessionsPanel = ({ userId }: { userId?: string }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const client = useApiClient();
  const mine = userId === undefined;
  const own = useCall(listMySessions, mine ? {} : null);
  const member = useCall(listUserSessions, userId === undefined ? null : { params: { userId } });
  const listed = mine ? own : member;
  const [busy, setBusy] = useState(false);

  const act = async <T,>(run: () => Promise<T>, done: (result: T) => string) => {
    setBusy(true);
    try {
      toast.show({ severity: 'success', summary: done(await run()) });
    } catch (err) {
      toast.show({
        severity: 'error',
        summary: { key: 'app.sessions.revokeFailed' },
        detail: errorMessage(err),
      });
    } finally {
      setBusy(false);
      invalidateCallCache(client);
    }
  };

  const revokeOne = (session: SessionSummary) =>
    act(
      () =>
        mine
          ? client.call(revokeMySession, { params: { sessionId: session.id } })
          : client.call(revokeUserSession, { params: { userId: userId ?? '', sessionId: session.id } }),
      () => translate('app.sessions.revoked'),
    );
  const revokeMany = () =>
    act(
      async () => {
        const { revoked } = mine
          ? await client.call(revokeMyOtherSessions, {})
          : await client.call(revokeUserSessions, { params: { userId: userId ?? '' } });
        return revoked;
      },
      (revoked) => translate('app.sessions.revokedMany', { smart_count: revoked }),
    );

  const device = (userAgent: string) => {
    const { browser, os } = describeDevice(userAgent);
    if (browser && os) return translate('app.sessions.deviceOn', { browser, os });
    return browser ?? os ?? translate('app.sessions.unknownDevice');
  };

  // An administrator who may not manage this member (staff, say) is told nothing more.
  if (listed.status === 'error' && listed.error instanceof HttpError && listed.error.status === 403)
    return null;

  const sessions = listed.data ?? [];
  const others = sessions.filter((s) => !s.current);
  return (
    <Stack spacing={2} component="section" aria-labelledby="sessions-title">
      <Typography variant="h6" component="h2" id="sessions-title">
        {translate('app.sessions.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(mine ? 'app.sessions.introMine' : 'app.sessions.introMember')}
      </Typography>
      {listed.status === 'pending' ? (
        <CircularProgress size={24} aria-label={translate('app.common.loading')} />
      ) : null}
      {listed.status === 'error' ? <CallErrorAlert error={listed.error} onRetry={listed.retry} /> : null}
      {listed.status === 'success' && sessions.length === 0 ? (
        <Typography>{translate('app.sessions.none')}</Typography>
      ) : null}
      {sessions.length > 0 ? (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.sessions.device')}</TableCell>
              <TableCell>{translate('app.sessions.address')}</TableCell>
              <TableCell>{translate('app.sessions.signedIn')}</TableCell>
              <TableCell>{translate('app.sessions.lastUsed')}</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {translate('app.sessions.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sessions.map((session) => (
              <TableRow key={session.id}>
                <TableCell title={session.userAgent}>
                  {device(session.userAgent)}
                  {session.current ? (
                    <Chip
                      size="small"
                      color="primary"
                      label={translate('app.sessions.current')}
                      sx={{ ml: 1 }}
                    />
                  ) : null}
                </TableCell>
                <TableCell>{session.address}</TableCell>
                <TableCell>{formatDateTime(session.createdAt, locale)}</TableCell>
                <TableCell>{formatDateTime(session.lastUsedAt, locale)}</TableCell>
                <TableCell align="right">
                  {session.current ? null : (
                    <Button
                      size="small"
                      color="error"
                      disabled={busy}
                      onClick={() => void revokeOne(session)}
                      aria-label={translate('app.sessions.revokeNamed', {
                        device: device(session.userAgent),
                      })}
                    >
                      {translate('app.sessions.revoke')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {others.length > 0 ? (
        <div>
          <Button variant="outlined" color="error" disabled={busy} onClick={() => void revokeMany()}>
            {translate(mine ? 'app.sessions.revokeOthers' : 'app.sessions.revokeAll')}
          </Button>
        </div>
      ) : null}
    </Stack>
  );
};
