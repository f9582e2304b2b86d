import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useTranslate } from 'react-admin';
import { FormDialog } from '../../../components/FormDialog';
import { ImportFields, ImportStartButton } from './ImportFields';
import { useBankImport } from './useBankImport';

interface ImportDialogProps {
  open: boolean;
  projectId: string;
  onClose: () => void;
}

/**
 * Import into the bank from the bank's list (spec §5): many files at once, each file's fate
 * reported. The same import has its own page, messages-bank/import (ImportPage).
 */
export const ImportDialog = ({ open, projectId, onClose }: ImportDialogProps) => {
  const translate = useTranslate();
  return (
    <FormDialog open={open} title={translate('app.testing.import.title')} onClose={onClose}>
      <ImportForm projectId={projectId} onClose={onClose} />
    </FormDialog>
  );
};

const ImportForm = ({ projectId, onClose }: Omit<ImportDialogProps, 'open'>) => {
  const translate = useTranslate();
  const bankImport = useBankImport(projectId);
  return (
    <>
      <DialogContent>
        <ImportFields bankImport={bankImport} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={bankImport.busy}>
          {translate(bankImport.finished ? 'ra.action.close' : 'ra.action.cancel')}
        </Button>
        <ImportStartButton bankImport={bankImport} />
      </DialogActions>
    </>
  );
};
