import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { RaRecord } from 'react-admin';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { renameCategory } from '../../../../schemas/contracts/nlu';
import { errorMessage } from '../../../api/errors';
import { useApiClient } from '../../../providers/ServicesContext';

/**
 * A category's name with its rename action (spec pipeline §5: the name cannot be empty and must
 * change). The server renames the references too: other categories' rules, the default category.
 */
export const RenameCategoryCell = ({ envId, record }: { envId: string; record: RaRecord }) => {
  const translate = useTranslate();
  const client = useApiClient();
  const notify = useNotify();
  const refresh = useRefresh();
  const current = String(record.name ?? '');
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(current);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setOpen(false);
    setProblem(undefined);
  };
  const save = async () => {
    // The server says the same; said here before the round trip.
    if (!name.trim()) return setProblem(translate('app.nlu.configuration.rename.empty'));
    if (name.trim() === current) return setProblem(translate('app.nlu.configuration.rename.unchanged'));
    setBusy(true);
    try {
      const done = await client.call(renameCategory, {
        params: { envId, id: String(record.id) },
        body: { name },
      });
      notify('app.nlu.configuration.rename.done', {
        type: 'success',
        messageArgs: { smart_count: done.references },
      });
      close();
      refresh();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <span>{current}</span>
      <IconButton
        size="small"
        aria-label={translate('app.nlu.configuration.rename.action', { name: current })}
        onClick={(event) => {
          event.stopPropagation();
          setName(current);
          setOpen(true);
        }}
      >
        <DriveFileRenameOutline fontSize="small" />
      </IconButton>
      {open ? (
        <Dialog open onClose={close} onClick={(event) => event.stopPropagation()} fullWidth maxWidth="xs">
          <DialogTitle>{translate('app.nlu.configuration.rename.title', { name: current })}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label={translate('app.nlu.configuration.rename.name')}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setProblem(undefined);
              }}
              error={problem !== undefined}
              helperText={problem}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('ra.action.cancel')}</Button>
            <Button variant="contained" onClick={() => void save()} disabled={busy}>
              {translate('ra.action.save')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </Stack>
  );
};
