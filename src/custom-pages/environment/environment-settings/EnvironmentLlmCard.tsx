import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  getEnvironmentLlm,
  LLM_MODEL_MAX,
  removeEnvironmentLlm,
  saveEnvironmentLlm,
  type EnvironmentLlm,
} from '../../../../schemas/contracts/llm';
import { HttpError } from '../../../api/errors';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useApiClient } from '../../../providers/ServicesContext';
import { useCall } from '../../../providers/useCall';
import { UnsavedChangesDialog } from '../../../resources/generic/guard/UnsavedChangesDialog';
import { useUnsavedChangesGuard } from '../../../resources/generic/guard/useUnsavedChangesGuard';
import { refusalMessage } from '../../../resources/labels';

/** The refusal of a URL, by its keyword, in the user's words (the webhook URL's rules). */
const urlProblem = (translate: ReturnType<typeof useTranslate>, error: unknown): string | null => {
  if (!(error instanceof HttpError)) return null;
  const details = (error.body as { details?: { path: string; keyword?: string; message: string }[] } | null)
    ?.details;
  const d = details?.find((x) => x.path === 'baseUrl');
  if (!d) return null;
  return translate(`app.environmentLlm.problems.${d.keyword ?? 'pattern'}`, { _: d.message });
};

/**
 * An environment's own LLM endpoint (docs/decisions/delivery-environment-llm-endpoint.md),
 * used by its vision engine and LLM reply templates instead of the deployment's: URL, model and a
 * write-only key (the page says whether one is set, never shows it). Configurators.
 */
export const EnvironmentLlmCard = ({ envId }: { envId: string }) => {
  const loaded = useCall(getEnvironmentLlm, { params: { envId } });
  if (loaded.status === 'pending') return <PageLoader />;
  if (loaded.status === 'error') return <CallErrorAlert error={loaded.error} onRetry={loaded.retry} />;
  return <LlmForm envId={envId} initial={loaded.data} />;
};

const LlmForm = ({ envId, initial }: { envId: string; initial: EnvironmentLlm }) => {
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) => translate(`app.environmentLlm.${key}`, values);
  const client = useApiClient();
  const notify = useNotify();
  const [current, setCurrent] = useState(initial);
  const [baseUrl, setBaseUrl] = useState(initial.override?.baseUrl ?? '');
  const [model, setModel] = useState(initial.override?.model ?? '');
  const [apiKey, setApiKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = t('title');

  /** Whether the change was made: "save and leave" leaves only then. */
  const act = async (change: () => Promise<EnvironmentLlm>, done: string): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    try {
      const next = await change();
      setCurrent(next);
      setApiKey('');
      if (!next.override) {
        setBaseUrl('');
        setModel('');
      }
      notify(done, { type: 'success' });
      return true;
    } catch (error) {
      setProblem(urlProblem(translate, error));
      notify(refusalMessage(translate, error), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    act(
      () =>
        client.call(saveEnvironmentLlm, {
          params: { envId },
          body: { baseUrl, model, ...(apiKey ? { apiKey } : {}) },
        }),
      'app.environmentLlm.saved',
    );
  const { deployment, override } = current;
  const dirty = baseUrl !== (override?.baseUrl ?? '') || model !== (override?.model ?? '') || apiKey !== '';
  const guard = useUnsavedChangesGuard(dirty, save);

  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }} component="section" aria-label={title}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('intro')}
        </Typography>
        <Alert severity={override || deployment.configured ? 'info' : 'warning'}>
          {override
            ? t('usesOwn', { model: override.model })
            : deployment.configured
              ? t('usesDeployment', { model: deployment.model ?? '' })
              : t('none')}
        </Alert>
        <TextField
          label={t('baseUrl')}
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          error={Boolean(problem)}
          helperText={problem ?? t('baseUrlHelp')}
          fullWidth
        />
        <TextField
          label={t('model')}
          value={model}
          onChange={(e) => setModel(e.target.value)}
          helperText={t('modelHelp')}
          slotProps={{ htmlInput: { maxLength: LLM_MODEL_MAX } }}
          fullWidth
        />
        <TextField
          label={t('apiKey')}
          type="password"
          autoComplete="new-password"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          helperText={override?.apiKeySet ? t('apiKeySet') : t('apiKeyHelp')}
          fullWidth
        />
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            disabled={busy || !baseUrl.trim() || !model.trim()}
            onClick={() => void save()}
          >
            {t('save')}
          </Button>
          {override?.apiKeySet ? (
            <Button
              disabled={busy}
              onClick={() =>
                void act(
                  () =>
                    client.call(saveEnvironmentLlm, {
                      params: { envId },
                      body: { baseUrl: override.baseUrl, model: override.model, apiKey: '' },
                    }),
                  'app.environmentLlm.saved',
                )
              }
            >
              {t('removeKey')}
            </Button>
          ) : null}
          {override ? (
            <Button
              color="error"
              disabled={busy}
              onClick={() =>
                void act(
                  () => client.call(removeEnvironmentLlm, { params: { envId } }),
                  'app.environmentLlm.removed',
                )
              }
            >
              {t('remove')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <UnsavedChangesDialog {...guard.dialog} />
    </Paper>
  );
};
