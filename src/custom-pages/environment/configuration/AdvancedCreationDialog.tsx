import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { useAdvancedCreation, type AdvancedCreation } from './useAdvancedCreation';

const STEPS = ['archetype', 'interaction', 'functions', 'category'] as const;
const EMPTY: AdvancedCreation = {
  archetype: { name: '', terms: '', reuse: false },
  interaction: { name: '', contexts: [], reuse: false },
  functions: [],
  category: { name: '', kind: 'message', rule: '', priority: 10, reuse: false },
};

/** A name field that flags a name already taken, with the offer to use the existing entity (spec §5). */
const NameField = ({
  label,
  value,
  taken,
  reuse,
  onChange,
  onReuse,
}: {
  label: string;
  value: string;
  taken: string[];
  reuse: boolean;
  onChange: (name: string) => void;
  onReuse: (reuse: boolean) => void;
}) => {
  const translate = useTranslate();
  const exists = taken.includes(value.trim());
  return (
    <Stack spacing={0.5}>
      <TextField
        label={label}
        value={value}
        required
        onChange={(e) => onChange(e.target.value)}
        helperText={exists ? translate('app.nlu.wizard.alreadyExists') : undefined}
        color={exists ? 'warning' : undefined}
      />
      {exists ? (
        <FormControlLabel
          control={<Checkbox checked={reuse} onChange={(e) => onReuse(e.target.checked)} />}
          label={translate('app.nlu.wizard.useExisting')}
        />
      ) : null}
    </Stack>
  );
};

/**
 * The advanced creation wizard (spec pipeline §2, §5): an archetype, an interaction on it, its
 * functions and a category with a rule on it, in one flow. At least one context must be chosen;
 * names already taken are flagged 'already exists', with the offer to use the existing one.
 */
export const AdvancedCreationDialog = ({
  envId,
  open,
  onClose,
}: {
  envId: string;
  open: boolean;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const { names, create, busy, error } = useAdvancedCreation(envId);
  const [step, setStep] = useState(0);
  const [plan, setPlan] = useState<AdvancedCreation>(EMPTY);
  const [tried, setTried] = useState(false);
  const set = <K extends keyof AdvancedCreation>(
    key: K,
    value: Partial<AdvancedCreation[K]> | AdvancedCreation[K],
  ) => setPlan((p) => ({ ...p, [key]: Array.isArray(value) ? value : { ...(p[key] as object), ...value } }));
  const taken = (kind: keyof typeof names, name: string) => names[kind].includes(name.trim());

  const problem = (): string | null => {
    const s = STEPS[step];
    if (s === 'archetype') {
      if (!plan.archetype.name.trim()) return translate('resources.archetypes.errors.name.minLength');
      if (taken('archetypes', plan.archetype.name) && !plan.archetype.reuse)
        return translate('app.nlu.wizard.alreadyExists');
      if (!plan.archetype.reuse && !plan.archetype.terms.trim()) return translate('app.nlu.wizard.needTerm');
    }
    if (s === 'interaction') {
      if (!plan.interaction.name.trim()) return translate('resources.interactions.errors.name.minLength');
      if (taken('interactions', plan.interaction.name) && !plan.interaction.reuse)
        return translate('app.nlu.wizard.alreadyExists');
      if (!plan.interaction.reuse && plan.interaction.contexts.length === 0)
        return translate('app.nlu.wizard.needContext');
    }
    if (s === 'category') {
      if (!plan.category.name.trim()) return translate('resources.categories.errors.name.minLength');
      if (taken('categories', plan.category.name) && !plan.category.reuse)
        return translate('app.nlu.wizard.alreadyExists');
      if (!plan.category.reuse && !plan.category.rule.trim()) return translate('app.nlu.wizard.needRule');
    }
    return null;
  };

  const close = () => {
    setStep(0);
    setPlan(EMPTY);
    setTried(false);
    onClose();
  };
  const next = async () => {
    setTried(true);
    if (problem()) return;
    setTried(false);
    if (step < STEPS.length - 1) return setStep(step + 1);
    if (await create(plan)) {
      notify('app.nlu.wizard.created', { type: 'success' });
      refresh();
      close();
    }
  };
  const shown = tried ? problem() : null;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate('app.nlu.wizard.title')}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} sx={{ mb: 3 }}>
          {STEPS.map((s) => (
            <Step key={s}>
              <StepLabel>{translate(`app.nlu.wizard.steps.${s}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Stack spacing={2}>
          {STEPS[step] === 'archetype' ? (
            <>
              <NameField
                label={translate('resources.archetypes.fields.name')}
                value={plan.archetype.name}
                taken={names.archetypes}
                reuse={plan.archetype.reuse}
                onChange={(name) => set('archetype', { name })}
                onReuse={(reuse) => set('archetype', { reuse })}
              />
              {!plan.archetype.reuse ? (
                <TextField
                  label={translate('app.nlu.wizard.terms')}
                  value={plan.archetype.terms}
                  multiline
                  minRows={3}
                  onChange={(e) => set('archetype', { terms: e.target.value })}
                />
              ) : null}
            </>
          ) : null}
          {STEPS[step] === 'interaction' ? (
            <>
              <NameField
                label={translate('resources.interactions.fields.name')}
                value={plan.interaction.name}
                taken={names.interactions}
                reuse={plan.interaction.reuse}
                onChange={(name) => set('interaction', { name })}
                onReuse={(reuse) => set('interaction', { reuse })}
              />
              {!plan.interaction.reuse ? (
                <div>
                  <FormLabel component="legend">
                    {translate('resources.interactions.fields.contexts')}
                  </FormLabel>
                  <FormGroup row>
                    {names.contexts.map((c) => (
                      <FormControlLabel
                        key={c}
                        label={c}
                        control={
                          <Checkbox
                            checked={plan.interaction.contexts.includes(c)}
                            onChange={(e) =>
                              set('interaction', {
                                contexts: e.target.checked
                                  ? [...plan.interaction.contexts, c]
                                  : plan.interaction.contexts.filter((x) => x !== c),
                              })
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                </div>
              ) : null}
            </>
          ) : null}
          {STEPS[step] === 'functions' ? (
            <div>
              <FormLabel component="legend">{translate('resources.interactions.fields.functions')}</FormLabel>
              {names.functions.length === 0 ? (
                <FormHelperText>{translate('app.nlu.wizard.noFunctions')}</FormHelperText>
              ) : null}
              <FormGroup>
                {names.functions.map((f) => (
                  <FormControlLabel
                    key={f}
                    label={f}
                    control={
                      <Checkbox
                        checked={plan.functions.includes(f)}
                        onChange={(e) =>
                          set(
                            'functions',
                            e.target.checked ? [...plan.functions, f] : plan.functions.filter((x) => x !== f),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
            </div>
          ) : null}
          {STEPS[step] === 'category' ? (
            <>
              <NameField
                label={translate('resources.categories.fields.name')}
                value={plan.category.name}
                taken={names.categories}
                reuse={plan.category.reuse}
                onChange={(name) => set('category', { name })}
                onReuse={(reuse) => set('category', { reuse })}
              />
              {!plan.category.reuse ? (
                <>
                  <TextField
                    label={translate('resources.categories.fields.rules.name')}
                    value={plan.category.rule}
                    onChange={(e) => set('category', { rule: e.target.value })}
                  />
                  <TextField
                    label={translate('resources.categories.fields.rules.priority')}
                    type="number"
                    value={plan.category.priority}
                    onChange={(e) => set('category', { priority: Number.parseInt(e.target.value, 10) || 0 })}
                  />
                </>
              ) : null}
            </>
          ) : null}
          {shown ? <Alert severity="error">{shown}</Alert> : null}
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        {step > 0 ? (
          <Button onClick={() => setStep(step - 1)}>{translate('app.nlu.wizard.back')}</Button>
        ) : null}
        <Button variant="contained" disabled={busy} onClick={() => void next()}>
          {translate(step === STEPS.length - 1 ? 'app.nlu.wizard.create' : 'app.nlu.wizard.next')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
