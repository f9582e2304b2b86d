import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { UnsavedChangesDialogState } from './useUnsavedChangesGuard';

/** The leave warning of spec §4: leave without saving, stay, or save and leave. */
export const UnsavedChangesDialog = ({
  open,
  saving,
  onLeave,
  onStay,
  onSaveAndLeave,
}: UnsavedChangesDialogState) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('app.forms.unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('app.forms.unsaved.content')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={onLeave} disabled={saving}>
          {translate('app.forms.unsaved.leave')}
        </Button>
        <Button onClick={onStay} disabled={saving}>
          {translate('app.forms.unsaved.stay')}
        </Button>
        <Button variant="contained" onClick={onSaveAndLeave} disabled={saving}>
          {translate('app.forms.unsaved.saveAndLeave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
