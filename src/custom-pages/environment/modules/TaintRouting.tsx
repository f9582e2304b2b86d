import AltRoute from '@mui/icons-material/AltRoute';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useGetList, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { updateModule, type ModuleView } from '../../../../schemas/contracts/modules';
import { TAINT_MODES, type TaintMode } from '../../../../schemas/modules';
import { errorMessage } from '../../../api/errors';
import { useApiClient } from '../../../providers/ServicesContext';
import { getResource } from '../../../resources/registry';

export interface TaintValue {
  taint: string;
  taintMode: TaintMode;
}

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const } };

/** The taints the environment's categorization rules set: what a module can be limited by. */
const useKnownTaints = (envId: string): string[] => {
  const categories = useGetList<RaRecord>(getResource('categories').apiResource(envId), ALL);
  const taints = (categories.data ?? []).flatMap((c) =>
    ((c.rules ?? []) as { taint?: string }[]).map((r) => r.taint ?? '').filter(Boolean),
  );
  return [...new Set(taints)].sort();
};

/** Whether a module can be limited by a taint: it runs after the categorization, which sets them. */
export const routable = (active: readonly ModuleView[], type: string): boolean => {
  const categorisation = active.findIndex((m) => m.type === 'categorization');
  const index = active.findIndex((m) => m.type === type);
  return categorisation >= 0 && index > categorisation;
};

/**
 * Taint routing's fields (DESIGN.md §6, Categorisation): the taint that limits a module, offered
 * from those its categorization rules set, and whether the module runs only with it or only
 * without it. Empty: the module runs for every analysis.
 */
export const TaintFields = ({
  envId,
  value,
  onChange,
  problem,
}: {
  envId: string;
  value: TaintValue;
  onChange: (value: TaintValue) => void;
  problem?: string;
}) => {
  const translate = useTranslate();
  const taints = useKnownTaints(envId);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        label={translate('app.modules.taint.mode')}
        value={value.taintMode}
        onChange={(e) => onChange({ ...value, taintMode: e.target.value as TaintMode })}
        sx={{ minWidth: 200 }}
      >
        {TAINT_MODES.map((mode) => (
          <MenuItem key={mode} value={mode}>
            {translate(`app.modules.taint.modes.${mode}`)}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        freeSolo
        fullWidth
        options={taints}
        inputValue={value.taint}
        onInputChange={(_event, taint) => onChange({ ...value, taint })}
        renderInput={(params) => (
          <TextField
            {...params}
            label={translate('app.modules.taint.taint')}
            error={Boolean(problem)}
            helperText={problem ?? translate('app.modules.taint.help')}
          />
        )}
      />
    </Stack>
  );
};

/** What a module's taint says on the modules page, or null when it runs for every analysis. */
export const taintLabel = (translate: ReturnType<typeof useTranslate>, module: ModuleView) =>
  module.taint ? translate(`app.modules.taint.chip.${module.taintMode}`, { taint: module.taint }) : null;

/** The modules page's button and dialog that set a module's taint routing. */
export const TaintRoutingButton = ({
  envId,
  module,
  name,
  disabled,
  onDone,
}: {
  envId: string;
  module: ModuleView;
  name: string;
  disabled: boolean;
  onDone: (modules: ModuleView[]) => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useApiClient();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<TaintValue>({ taint: module.taint, taintMode: module.taintMode });
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const { modules } = await client.call(updateModule, {
        params: { envId, type: module.type },
        body: { taint: value.taint.trim(), taintMode: value.taintMode },
      });
      onDone(modules);
      notify('app.modules.taint.saved', { type: 'success' });
      setOpen(false);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <IconButton
        aria-label={translate('app.modules.taint.edit', { name })}
        disabled={disabled}
        onClick={() => {
          setValue({ taint: module.taint, taintMode: module.taintMode });
          setProblem(undefined);
          setOpen(true);
        }}
      >
        <AltRoute fontSize="small" />
      </IconButton>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.modules.taint.title', { name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TaintFields envId={envId} value={value} onChange={setValue} problem={problem} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={busy} onClick={save}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
