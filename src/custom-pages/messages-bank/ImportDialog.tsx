import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormHelperText from '@mui/material/FormHelperText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import { UPLOAD_MAX_BYTES } from '../../../schemas/contracts/analyses';
import {
  BANK_IMPORT_MAX_FILES,
  BANK_IMPORT_MAX_TOTAL_BYTES,
  uploadBankMessage,
} from '../../../schemas/contracts/testing';
import { SUPPORTED_EXTENSIONS } from '../../../schemas/extractor-settings';
import { FormDialog } from '../../components/FormDialog';
import { useApiClient } from '../../providers/ServicesContext';
import { FilePicker } from '../analyses/components/FilePicker';
import { uploadProblems } from '../analyses/components/uploadRules';
import { testingErrorMessage } from './testingErrors';

/** What became of one chosen file (spec §4 "Uploads: report success, failure and limit exceeded"). */
type Fate =
  | { state: 'waiting' }
  | { state: 'sending' }
  | { state: 'success' }
  | { state: 'failure'; reason: string }
  | { state: 'limit'; reason: string };

const megabytes = (bytes: number) => Math.round(bytes / 1_048_576);

/**
 * The fate each file will have before anything is sent: a file of a refused extension or too large
 * on its own, past the count, or past the total size is "limit exceeded"; the others are imported.
 */
export const plannedFates = (
  files: readonly File[],
  translate: (key: string, options?: Record<string, unknown>) => string,
): Fate[] => {
  let total = 0;
  return files.map((file, index) => {
    const problems = uploadProblems([file], { maxFiles: 1 });
    if (problems.length > 0)
      return { state: 'limit', reason: problems.map((p) => translate(p.key, p.values)).join(' ') };
    if (index >= BANK_IMPORT_MAX_FILES)
      return {
        state: 'limit',
        reason: translate('app.testing.import.tooMany', { max: BANK_IMPORT_MAX_FILES }),
      };
    total += file.size;
    if (total > BANK_IMPORT_MAX_TOTAL_BYTES)
      return {
        state: 'limit',
        reason: translate('app.testing.import.tooLargeTogether', {
          max: megabytes(BANK_IMPORT_MAX_TOTAL_BYTES),
        }),
      };
    return { state: 'waiting' };
  });
};

interface ImportDialogProps {
  open: boolean;
  projectId: string;
  onClose: () => void;
}

/** Import into the bank (messages-bank/import, spec §5): many files at once, each file's fate reported. */
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
  const client = useApiClient();
  const refresh = useRefresh();
  const [files, setFiles] = useState<File[]>([]);
  const [tags, setTags] = useState('');
  const [fates, setFates] = useState<Fate[]>();
  const busy = fates?.some((f) => f.state === 'sending' || f.state === 'waiting') ?? false;
  const shown = fates ?? plannedFates(files, translate);

  const importAll = async () => {
    const planned = plannedFates(files, translate);
    setFates(planned);
    const next = [...planned];
    // One file per request, in order: each answer is that file's fate, and one failure stops nothing.
    for (const [index, file] of files.entries()) {
      if (next[index].state !== 'waiting') continue;
      next[index] = { state: 'sending' };
      setFates([...next]);
      try {
        await client.call(uploadBankMessage, { params: { projectId }, body: { type: 'file', file, tags } });
        next[index] = { state: 'success' };
      } catch (error) {
        next[index] = { state: 'failure', reason: testingErrorMessage(error, translate) };
      }
      setFates([...next]);
    }
    refresh();
  };

  const counts = {
    success: shown.filter((f) => f.state === 'success').length,
    failure: shown.filter((f) => f.state === 'failure').length,
    limit: shown.filter((f) => f.state === 'limit').length,
  };
  const finished = fates !== undefined && !busy;

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <FilePicker
              label={translate('app.testing.import.choose')}
              multiple
              disabled={fates !== undefined}
              onPick={(picked) => setFiles((chosen) => [...chosen, ...picked])}
            />
            <FormHelperText>
              {translate('app.testing.import.rules', {
                extensions: SUPPORTED_EXTENSIONS.join(', '),
                max: megabytes(UPLOAD_MAX_BYTES),
                count: BANK_IMPORT_MAX_FILES,
                total: megabytes(BANK_IMPORT_MAX_TOTAL_BYTES),
              })}
            </FormHelperText>
          </Stack>
          <TextField
            label={translate('app.testing.import.tags')}
            helperText={translate('app.testing.import.tagsHelp')}
            value={tags}
            disabled={fates !== undefined}
            onChange={(event) => setTags(event.target.value)}
          />
          {files.length > 0 ? (
            <List dense aria-label={translate('app.testing.import.files')}>
              {files.map((file, index) => {
                const fate = shown[index];
                return (
                  <ListItem key={`${file.name}-${index}`} disableGutters>
                    <ListItemText
                      primary={file.name}
                      secondary={
                        translate(`app.testing.import.fates.${fate.state}`) +
                        ('reason' in fate ? ` — ${fate.reason}` : '')
                      }
                      slotProps={{
                        secondary: {
                          color:
                            fate.state === 'success'
                              ? 'success.main'
                              : fate.state === 'waiting' || fate.state === 'sending'
                                ? 'text.secondary'
                                : 'error',
                        },
                      }}
                    />
                  </ListItem>
                );
              })}
            </List>
          ) : null}
          {finished ? (
            <FormHelperText role="status">{translate('app.testing.import.summary', counts)}</FormHelperText>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate(finished ? 'ra.action.close' : 'ra.action.cancel')}
        </Button>
        {finished ? null : (
          <Button
            variant="contained"
            loading={busy}
            disabled={files.length === 0 || shown.every((f) => f.state === 'limit')}
            onClick={() => void importAll()}
          >
            {translate('app.testing.import.start')}
          </Button>
        )}
      </DialogActions>
    </>
  );
};
