import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Theme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { ToastInput } from './toast';
import { ToastTextView } from './ToastTextView';
import { notificationKeys } from './i18n';

export interface ErrorDialogProps {
  open: boolean;
  /** Kept while the dialog closes so its text does not vanish during the fade-out. */
  error: Pick<ToastInput, 'summary' | 'detail' | 'html'> | null;
  onClose: () => void;
}

/**
 * Spec platform-shell §4 and §9: clicking an error toast opens this dialog headed "Error" with the
 * summary and the whole detail, at most 140 spacing units wide and 75% of the viewport high; the
 * content scrolls because server errors can be long (stack traces, response bodies).
 */
export const ErrorDialog = ({ open, error, onClose }: ErrorDialogProps) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog
      open={open && error !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{
        paper: {
          sx: { maxWidth: (theme: Theme) => theme.spacing(140), maxHeight: '75vh' },
        },
      }}
    >
      <DialogTitle id={titleId}>{translate(notificationKeys.dialogTitle)}</DialogTitle>
      {error && (
        <DialogContent dividers sx={{ overflowY: 'auto' }}>
          <ToastTextView
            text={error.summary}
            html={error.html}
            component="div"
            sx={{ fontWeight: 'bold', mb: 1 }}
          />
          {error.detail !== undefined && (
            <ToastTextView
              text={error.detail}
              html={error.html}
              component="div"
              // Details are often preformatted (stacks, JSON bodies): keep their line breaks.
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            />
          )}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate(notificationKeys.dialogClose)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
