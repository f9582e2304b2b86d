import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A dialog holding one form: titled, its form mounted only while it is open (a new dialog starts
 * empty). `children` is the form, usually a component of its own holding its state.
 */
export const FormDialog = ({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) => {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {open ? children : null}
    </Dialog>
  );
};

/**
 * Runs a form's submission: `busy` while it runs, the failure as a message (in the user's language,
 * by `describe`) for the form to show; resolves to whether it succeeded.
 */
export const useSubmission = (describe: (error: unknown) => string) => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (step: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(undefined);
    try {
      await step();
      return true;
    } catch (failure) {
      setError(describe(failure));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, submit };
};

/**
 * A dialog form's fields, its failure, and its Cancel and submit buttons (cancel is off while the
 * submission runs).
 */
export const FormDialogBody = ({
  children,
  error,
  busy,
  submitLabel,
  submitDisabled = false,
  onSubmit,
  onCancel,
}: {
  children: ReactNode;
  error?: string;
  busy: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) => {
  const translate = useTranslate();
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
          {error ? (
            <FormHelperText error role="alert">
              {error}
            </FormHelperText>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" loading={busy} disabled={submitDisabled} onClick={onSubmit}>
          {submitLabel}
        </Button>
      </DialogActions>
    </>
  );
};
