import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { useGetList, useGetOne, useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { updateModule, type ModuleView } from '../../../../schemas/contracts/modules';
import { MODULE_INPUT_TYPES, type ModuleInputType } from '../../../../schemas/modules';
import { detailMessage, errorMessage } from '../../../api/errors';
import { PageLoader } from '../../../components/PageLoader';
import { useApiClient } from '../../../providers/ServicesContext';
import { invalidateCallCache } from '../../../providers/callCache';
import { UnsavedChangesDialog } from '../../../resources/generic/guard/UnsavedChangesDialog';
import { useUnsavedChangesGuard } from '../../../resources/generic/guard/useUnsavedChangesGuard';
import { getResource } from '../../../resources/registry';
import { environmentPath } from '../../../routing/scopePaths';
import { categoryNamesOf } from '../../../../schemas/output';
import { visionSettingsOf } from '../../../../schemas/vision';
import { ocrDataSettingsOf } from '../../../../schemas/ocr-data';
import { postProcessingSettingsOf } from '../../../../schemas/post-processing';
import { consolidationSettingsOf } from '../../../../schemas/consolidation';
import { ConsolidationSettingsForm } from './ConsolidationSettingsForm';
import { OcrDataSettingsForm } from './OcrDataSettingsForm';
import { PostProcessingSettingsForm } from './PostProcessingSettingsForm';
import { partOf, serverProblemsOf, type ServerProblem } from './serverProblems';
import { useFeatureFlag } from '../../../featureFlags/useFeatureFlag';
import { OutputChoices } from './OutputChoices';
import { TaintFields, type TaintValue } from './TaintRouting';
import { VisionSettingsForm, type LlmEndpoint } from './VisionSettingsForm';
import { useModuleName } from './useModuleName';

const environments = getResource('environments');
const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const } };
type Form = { name: string; inputType: ModuleInputType; context: string };
type Defaults = { defaultCategory: string; defaultAttachmentCategory: string };
/** A module's own fields and settings, saved together, with the default categories of a categorization. */
export const SettingsForm = ({
  projectId,
  envId,
  module,
  llm,
  workflowConfigured,
  routable: canRoute,
  categorizationActive,
}: {
  projectId: string;
  envId: string;
  module: ModuleView;
  llm: LlmEndpoint;
  workflowConfigured: boolean;
  /** Whether the module runs after the categorization, and so can be limited by a taint. */
  routable: boolean;
  categorizationActive: boolean;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useApiClient();
  const moduleName = useModuleName();
  const isCategorization = module.type === 'categorization';
  const isOutput = module.type === 'output';
  const isVision = module.type === 'visionEngine';
  const isOcrData = module.type === 'ocrDataExtraction';
  const isConsolidation = module.type === 'consolidation';
  const isPostProcessing = module.type === 'postProcessing';
  // These read no NLU context: they take the whole analysis.
  const readsContext = !isOutput && !isVision && !isOcrData && !isConsolidation && !isPostProcessing;
  // These pages read the categories and the environment's defaults.
  const readsCategories = isCategorization || isOutput || isOcrData || isPostProcessing;
  const [form, setForm] = useState<Form>({
    name: module.name,
    inputType: module.inputType,
    context: module.context,
  });
  const [output, setOutput] = useState(module.output);
  const routesByTaint = useFeatureFlag('taintsRouting') && canRoute;
  const [taint, setTaint] = useState<TaintValue>({ taint: module.taint, taintMode: module.taintMode });
  const [vision, setVision] = useState(isVision ? visionSettingsOf(module.vision) : undefined);
  const [ocrData, setOcrData] = useState(isOcrData ? ocrDataSettingsOf(module.ocrData) : undefined);
  const [consolidation, setConsolidation] = useState(
    isConsolidation ? consolidationSettingsOf(module.consolidation) : undefined,
  );
  const [postProcessing, setPostProcessing] = useState(
    isPostProcessing ? postProcessingSettingsOf(module.postProcessing) : undefined,
  );
  const [refused, setRefused] = useState<Record<string, ServerProblem>>({});
  // The module's own settings the server refused: their problems hold while their values are unchanged.
  const [refusedOwn, setRefusedOwn] = useState({ ocrData, postProcessing });
  const problems = Object.fromEntries(Object.entries(refused).map(([path, p]) => [path, detailMessage(p)]));
  const [busy, setBusy] = useState(false);
  const contexts = useGetList<RaRecord>(getResource('contexts').apiResource(envId), ALL, {
    enabled: readsContext,
  });
  const categories = useGetList<RaRecord>(getResource('categories').apiResource(envId), ALL, {
    enabled: readsCategories,
  });
  const envResource = environments.apiResource(projectId);
  const environment = useGetOne(envResource, { id: envId }, { enabled: readsCategories });
  const [update] = useUpdate();
  const [defaults, setDefaults] = useState<Defaults>();
  // What the page holds, against what was loaded or last saved: leaving with a difference asks
  // first (spec §4: leave, stay, or save and leave).
  const snapshot = JSON.stringify({
    form,
    output,
    taint,
    vision,
    ocrData,
    postProcessing,
    consolidation,
    defaults,
  });
  const [baseline, setBaseline] = useState(snapshot);
  const saveRef = useRef(async () => false);
  const guard = useUnsavedChangesGuard(snapshot !== baseline, () => saveRef.current());
  if (readsCategories && !environment.data) return <PageLoader />;
  const currentDefaults: Defaults = defaults ?? {
    defaultCategory: String(environment.data?.defaultCategory ?? ''),
    defaultAttachmentCategory: String(environment.data?.defaultAttachmentCategory ?? ''),
  };

  const save = async () => {
    setBusy(true);
    setRefused({});
    try {
      const { context, ...named } = form;
      const general = routesByTaint
        ? { ...named, taint: taint.taint.trim(), taintMode: taint.taintMode }
        : named;
      await client.call(updateModule, {
        params: { envId, type: module.type },
        body: isOutput
          ? { ...general, output }
          : isVision
            ? { ...general, vision }
            : isOcrData
              ? { ...general, ocrData }
              : isPostProcessing
                ? { ...general, postProcessing }
                : isConsolidation
                  ? { ...general, consolidation }
                  : { ...general, context },
      });
      if (isCategorization)
        await update(
          envResource,
          { id: envId, data: currentDefaults, previousData: environment.data },
          { returnPromise: true },
        );
      guard.release();
      setBaseline(snapshot);
      invalidateCallCache(client);
      notify('app.modules.form.saved', { type: 'success' });
      return true;
    } catch (error) {
      setRefused(serverProblemsOf(error));
      setRefusedOwn({ ocrData, postProcessing });
      notify('app.modules.form.failed', {
        type: 'error',
        messageArgs: {
          name: moduleName({ type: module.type, name: form.name }),
          reason: errorMessage(error),
        },
      });
      return false;
    } finally {
      setBusy(false);
    }
  };
  saveRef.current = save;
  const field = (name: keyof Form) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    error: Boolean(problems[name]),
    fullWidth: true,
  });
  const categoryChoices = (kind: 'message' | 'attachment') =>
    (categories.data ?? []).filter((c) => c.kind === kind).map((c) => String(c.name));
  const categoryNames = categoryNamesOf({
    categories: (categories.data ?? []).map((c) => String(c.name)),
    defaults: [environment.data?.defaultCategory, environment.data?.defaultAttachmentCategory].map((d) =>
      d ? String(d) : null,
    ),
    advanced: Boolean(environment.data?.advancedCategorisation),
  });

  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
      <Stack spacing={2}>
        <TextField
          label={translate('app.modules.form.name')}
          helperText={translate('app.modules.form.nameHelp', {
            type: translate(`app.modules.types.${module.type}`),
          })}
          {...field('name')}
        />
        <TextField
          select
          label={translate('app.modules.form.inputType')}
          helperText={problems.inputType ?? translate('app.modules.form.inputTypeHelp')}
          {...field('inputType')}
        >
          {MODULE_INPUT_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {translate(`app.modules.inputTypes.${t}`)}
            </MenuItem>
          ))}
        </TextField>
        {routesByTaint ? (
          <TaintFields envId={envId} value={taint} onChange={setTaint} problem={problems.taint} />
        ) : null}
        {readsContext ? (
          <TextField
            select
            label={translate('app.modules.form.context')}
            helperText={problems.context ?? translate('app.modules.form.contextHelp')}
            {...field('context')}
          >
            <MenuItem value="">{translate('app.modules.form.allContexts')}</MenuItem>
            {(contexts.data ?? []).map((c) => (
              <MenuItem key={c.id} value={String(c.name)}>
                {String(c.name)}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {vision ? (
          <VisionSettingsForm
            value={vision}
            onChange={setVision}
            llm={llm}
            serverProblems={partOf('vision', problems)}
          />
        ) : null}
        {ocrData ? (
          <OcrDataSettingsForm
            value={ocrData}
            onChange={setOcrData}
            categories={categories.data?.map((c) => String(c.name))}
            serverProblems={partOf('ocrData', refused)}
            refusedValue={refusedOwn.ocrData}
            testPath={`${environmentPath(projectId, envId)}/test-ocrDataExtraction`}
          />
        ) : null}
        {postProcessing ? (
          <PostProcessingSettingsForm
            value={postProcessing}
            onChange={setPostProcessing}
            categories={categories.data?.filter((c) => c.kind === 'message').map((c) => String(c.name))}
            serverProblems={partOf('postProcessing', refused)}
            refusedValue={refusedOwn.postProcessing}
          />
        ) : null}
        {consolidation ? (
          <ConsolidationSettingsForm
            value={consolidation}
            onChange={setConsolidation}
            engineConfigured={workflowConfigured}
            serverProblems={partOf('consolidation', problems)}
          />
        ) : null}
        {isOutput && output ? (
          <OutputChoices
            value={output}
            onChange={setOutput}
            categorizationActive={categorizationActive}
            categoryNames={categoryNames}
            problem={problems.output}
          />
        ) : null}
        {isCategorization
          ? // A default category is a name, not necessarily a configured category (e.g. "Other").
            (['defaultCategory', 'defaultAttachmentCategory'] as const).map((key) => (
              <Autocomplete
                key={key}
                freeSolo
                options={categoryChoices(key === 'defaultCategory' ? 'message' : 'attachment')}
                inputValue={currentDefaults[key]}
                onInputChange={(_event, value) => setDefaults({ ...currentDefaults, [key]: value })}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={translate(`app.modules.form.${key}`)}
                    helperText={translate('app.modules.form.noCategory')}
                  />
                )}
              />
            ))
          : null}
        <div>
          <Button variant="contained" disabled={busy} onClick={() => void save()}>
            {translate('ra.action.save')}
          </Button>
        </div>
      </Stack>
      <UnsavedChangesDialog {...guard.dialog} />
    </Paper>
  );
};
