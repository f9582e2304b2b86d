import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { testCategorisation } from '../../../../schemas/contracts/nlu';
import { detailMessage, errorMessage } from '../../../api/errors';
import { CodeField } from '../../../components/code/CodeField';
import { PageLoader } from '../../../components/PageLoader';
import { useApiClient } from '../../../providers/ServicesContext';
import { useTestRun } from '../../../providers/useTestRun';
import { UnsavedChangesDialog } from '../../../resources/generic/guard/UnsavedChangesDialog';
import { useUnsavedChangesGuard } from '../../../resources/generic/guard/useUnsavedChangesGuard';
import { getResource } from '../../../resources/registry';
import { serverProblemsOf } from '../modules/serverProblems';
import { useTraceText } from '../analysis-result/traceText';
import type { TraceMessage } from '../../../../schemas/trace-messages';

const environments = getResource('environments');

/**
 * The advanced categorisation (spec pipeline §2, §5): switched on, a Twig template writes the
 * message categories from what the analysis found and what the rules gave. Saved as settings of
 * the environment; the server refuses a syntax error with its line. The test reads a text with
 * the template being edited, saved or not.
 */
export const AdvancedCategorisationPanel = ({ projectId, envId }: { projectId: string; envId: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useApiClient();
  const resource = environments.apiResource(projectId);
  const { data, isPending } = useGetOne(resource, { id: envId });
  const [update, { isPending: saving }] = useUpdate();
  // What the user changed; until then the stored values. A refetch never overwrites an edit.
  const [edited, setEdited] = useState<{ enabled?: boolean; template?: string }>({});
  // A refusal of the template itself shows on it, at its line; any other under the button.
  const [saveError, setSaveError] = useState<{ template?: string; message?: string }>();
  const [text, setText] = useState('');
  const test = useTestRun<{
    ruleCategories: string[];
    categories: string[];
    warnings: string[];
    warningMessages?: (TraceMessage | null)[];
  }>();
  const said = useTraceText();
  const stored = {
    enabled: data?.advancedCategorisation === true,
    template: typeof data?.categorisationTemplate === 'string' ? data.categorisationTemplate : '',
  };
  const enabled = edited.enabled ?? stored.enabled;
  const template = edited.template ?? stored.template;
  // Leaving with an edit not saved asks first (spec §4: leave, stay, or save and leave).
  const saveRef = useRef(async () => false);
  const guard = useUnsavedChangesGuard(
    Boolean(data) && (enabled !== stored.enabled || template !== stored.template),
    () => saveRef.current(),
  );
  if (isPending || !data) return <PageLoader />;
  const save = async () => {
    setSaveError(undefined);
    try {
      await update(
        resource,
        {
          id: envId,
          data: { advancedCategorisation: enabled, categorisationTemplate: template },
          previousData: data,
        },
        { returnPromise: true },
      );
      guard.release();
      setEdited({});
      notify('app.nlu.configuration.advanced.saved', { type: 'success' });
      return true;
    } catch (error) {
      // The template's problem by code (its line, the engine's words as a technical detail), in the user's language.
      const problem = serverProblemsOf(error).categorisationTemplate;
      const onTemplate = problem ? detailMessage(problem) : undefined;
      setSaveError(onTemplate ? { template: onTemplate } : { message: errorMessage(error) });
      return false;
    }
  };
  saveRef.current = save;
  const list = (names: string[]) => names.join(', ') || '—';
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <FormControlLabel
          control={
            <Switch
              checked={enabled}
              onChange={(e) => setEdited((c) => ({ ...c, enabled: e.target.checked }))}
            />
          }
          label={translate('app.nlu.configuration.advanced.enabled')}
        />
        <CodeField
          label={translate('app.nlu.configuration.advanced.template')}
          language="twig"
          value={template}
          onChange={(next) => setEdited((c) => ({ ...c, template: next }))}
          problems={saveError?.template ? [saveError.template] : []}
        />
        {saveError?.message ? <Alert severity="error">{saveError.message}</Alert> : null}
        <div>
          <Button variant="contained" onClick={() => void save()} disabled={saving}>
            {translate('ra.action.save')}
          </Button>
        </div>
        <TextField
          label={translate('app.nlu.configuration.advanced.testText')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={2}
        />
        <div>
          <Button
            variant="outlined"
            onClick={() =>
              void test.run(() =>
                client.call(testCategorisation, { params: { envId }, body: { template, text } }),
              )
            }
            disabled={test.busy || !text.trim()}
          >
            {translate('app.nlu.configuration.advanced.test')}
          </Button>
        </div>
        {test.error ? <Alert severity="error">{test.error}</Alert> : null}
        {test.answer ? (
          <Stack spacing={1} role="status">
            <Typography>
              {translate('app.nlu.configuration.advanced.byRules', {
                categories: list(test.answer.ruleCategories),
              })}
            </Typography>
            <Typography sx={{ fontWeight: 'bold' }}>
              {translate('app.nlu.configuration.advanced.byTemplate', {
                categories: list(test.answer.categories),
              })}
            </Typography>
            {said.lines(test.answer.warnings, test.answer.warningMessages).map((w) => (
              <Alert key={w} severity="warning">
                {w}
              </Alert>
            ))}
          </Stack>
        ) : null}
      </Stack>
      <UnsavedChangesDialog {...guard.dialog} />
    </Paper>
  );
};
