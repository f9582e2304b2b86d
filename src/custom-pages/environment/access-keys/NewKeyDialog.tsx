import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useNotify, useTranslate } from 'react-admin';

const KEY_LABELS = {
  title: 'app.accessKeys.createdTitle',
  shownOnce: 'app.accessKeys.shownOnce',
  secret: 'app.accessKeys.secret',
};

/**
 * The secret of a key just made: shown this once (spec §3), with a button that copies it. The
 * server keeps only its hash, so closing the dialog loses it for good. `labels` name the
 * translation keys for another kind of secret (a webhook's signing secret).
 */
export const NewKeyDialog = ({
  secret,
  onClose,
  labels = KEY_LABELS,
}: {
  secret: string | undefined;
  onClose: () => void;
  labels?: typeof KEY_LABELS;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const copy = async () => {
    await navigator.clipboard.writeText(secret ?? '');
    notify('app.accessKeys.copied', { type: 'success' });
  };
  return (
    <Dialog open={secret !== undefined} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate(labels.title)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(labels.shownOnce)}
        </Alert>
        <TextField
          label={translate(labels.secret)}
          value={secret ?? ''}
          fullWidth
          slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopy />} onClick={() => void copy()}>
          {translate('app.accessKeys.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate('app.accessKeys.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
