import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { UPLOAD_MAX_BYTES } from '../../../../schemas/contracts/analyses';
import { SUPPORTED_EXTENSIONS } from '../../../../schemas/extractor-settings';
import { ChosenFiles } from './ChosenFiles';
import { FilePicker } from './components/FilePicker';
import { MetadataEditor, metadataProblems, toMetadata, type MetadataRow } from './components/MetadataEditor';
import { uploadProblems } from './components/uploadRules';
import { useCreateAnalysis } from './useCreateAnalysis';

interface DialogProps {
  open: boolean;
  envId: string;
  onClose: () => void;
}

/** "New analysis" (spec §2): one file or pasted text, an optional name, metadata, the manual final status flag. */
export const NewAnalysisDialog = ({ open, envId, onClose }: DialogProps) => {
  const titleId = useId();
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate('app.analyses.new.title')}</DialogTitle>
      {/* Mounted only while open: a new dialog starts empty. */}
      {open ? <NewAnalysisForm envId={envId} onClose={onClose} /> : null}
    </Dialog>
  );
};

const NewAnalysisForm = ({ envId, onClose }: Omit<DialogProps, 'open'>) => {
  const translate = useTranslate();
  const { create, busy, errors } = useCreateAnalysis(envId);
  const [type, setType] = useState<'file' | 'text'>('file');
  const [files, setFiles] = useState<File[]>([]);
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [manualFinalStatus, setManualFinalStatus] = useState(false);
  const [metadata, setMetadata] = useState<MetadataRow[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const manualHelpId = useId();

  const problems = uploadProblems(files, { maxFiles: 1 }).map((p) => translate(p.key, p.values));
  const missing =
    type === 'file' && files.length === 0
      ? translate('app.analyses.new.fileRequired')
      : type === 'text' && text.trim() === ''
        ? translate('app.analyses.new.textRequired')
        : undefined;
  const fileError = problems.join(' ') || (submitted && type === 'file' ? missing : undefined) || errors.file;
  const textError = (submitted && type === 'text' ? missing : undefined) || errors.text;

  const submit = async () => {
    setSubmitted(true);
    if (missing || (type === 'file' && problems.length > 0)) return;
    if (metadataProblems(metadata).some((problem) => problem.key || problem.value)) return;
    const created = await create({
      type,
      name: name.trim() || undefined,
      manualFinalStatus,
      metadata: toMetadata(metadata),
      ...(type === 'file' ? { file: files[0] } : { text }),
    });
    if (created) onClose();
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <Tabs value={type} onChange={(_event, next: 'file' | 'text') => setType(next)}>
            <Tab value="file" label={translate('app.analyses.new.fileTab')} />
            <Tab value="text" label={translate('app.analyses.new.textTab')} />
          </Tabs>
          {type === 'file' ? (
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <FilePicker
                label={translate('app.analyses.new.chooseFile')}
                onPick={(picked) => setFiles(picked.slice(-1))}
              />
              <ChosenFiles files={files} onRemove={() => setFiles([])} />
              <FormHelperText error={Boolean(fileError)} role={fileError ? 'alert' : undefined}>
                {fileError ??
                  translate('app.analyses.upload.accepted', {
                    extensions: SUPPORTED_EXTENSIONS.join(', '),
                    max: Math.round(UPLOAD_MAX_BYTES / 1_048_576),
                  })}
              </FormHelperText>
            </Stack>
          ) : (
            <TextField
              label={translate('app.analyses.new.text')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              multiline
              minRows={6}
              error={Boolean(textError)}
              helperText={textError}
            />
          )}
          <TextField
            label={translate('app.analyses.new.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            helperText={translate('app.analyses.new.nameHelp')}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <MetadataEditor
            rows={metadata}
            onChange={setMetadata}
            submitted={submitted}
            error={errors.metadata}
          />
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={manualFinalStatus}
                  onChange={(event) => setManualFinalStatus(event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': manualHelpId } }}
                />
              }
              label={translate('app.analyses.new.manualFinalStatus')}
            />
            <FormHelperText id={manualHelpId}>
              {translate('app.analyses.new.manualFinalStatusHelp')}
            </FormHelperText>
          </Box>
          {errors.form ? <FormHelperText error>{errors.form}</FormHelperText> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} loading={busy}>
          {translate('app.analyses.new.launch')}
        </Button>
      </DialogActions>
    </>
  );
};
