import PowerSettingsNew from '@mui/icons-material/PowerSettingsNew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { deactivateModule, type ModuleView } from '../../../../schemas/contracts/modules';
import type { ModuleType } from '../../../../schemas/modules';
import { errorMessage } from '../../../api/errors';
import { useApiClient } from '../../../providers/ServicesContext';
import { useModuleName } from './useModuleName';

/** Modules whose configuration is settings on the environment, not entities to count. */
const SETTINGS_ONLY: readonly ModuleType[] = [
  'extractor',
  'ocrDataExtraction',
  'postProcessing',
  'visionEngine',
  'consolidation',
  'output',
];

/**
 * Deactivates a module after a confirmation that says what goes with it (spec pipeline §4:
 * "deactivating deletes all of the module's configuration"), counted by the server.
 */
export const DeactivateModuleButton = ({
  envId,
  module,
  disabled,
  onDone,
}: {
  envId: string;
  module: ModuleView;
  disabled: boolean;
  onDone: (modules: ModuleView[]) => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useApiClient();
  const name = useModuleName()(module);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const held = module.configuration.filter((c) => c.count > 0);
  const confirm = async () => {
    setBusy(true);
    try {
      const done = await client.call(deactivateModule, { params: { envId, type: module.type } });
      notify('app.modules.deactivated', { type: 'success' });
      setOpen(false);
      onDone(done.modules);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <IconButton
        aria-label={translate('app.modules.deactivate', { name })}
        disabled={disabled}
        onClick={() => {
          setProblem(undefined);
          setOpen(true);
        }}
      >
        <PowerSettingsNew fontSize="small" color={disabled ? 'disabled' : 'error'} />
      </IconButton>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} fullWidth maxWidth="xs">
          <DialogTitle>{translate('app.modules.confirm.title', { name })}</DialogTitle>
          <DialogContent>
            {held.length ? (
              <>
                <Typography gutterBottom>{translate('app.modules.confirm.deletes')}</Typography>
                <ul aria-label={translate('app.modules.confirm.deletes')}>
                  {held.map((c) => (
                    <li key={c.resource}>
                      {translate(`app.modules.resources.${c.resource}`, { smart_count: c.count })}
                    </li>
                  ))}
                </ul>
              </>
            ) : SETTINGS_ONLY.includes(module.type) ? (
              // Settings, not entities: they go back to their defaults.
              <Typography>{translate(`app.modules.confirm.${module.type}`)}</Typography>
            ) : (
              <Typography>{translate('app.modules.confirm.nothing')}</Typography>
            )}
            {problem ? <Alert severity="error">{problem}</Alert> : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button color="error" variant="contained" disabled={busy} onClick={confirm}>
              {translate('app.modules.confirm.action')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
};
