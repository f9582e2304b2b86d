import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { getDefaultFormState } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { ExtractorSettings } from '../../../../schemas/extractor-settings';
import { saveExtractorSettings } from '../../../../schemas/contracts/analyses';
import { errorMessage } from '../../../api';
import { useApiClient } from '../../../providers/ServicesContext';
import { sameFormData } from '../../../resources/generic/form/formData';
import { translateValidationErrors } from '../../../resources/generic/form/validationMessages';
import { UnsavedChangesDialog } from '../../../resources/generic/guard/UnsavedChangesDialog';
import { useUnsavedChangesGuard } from '../../../resources/generic/guard/useUnsavedChangesGuard';
import { rjsfStrings } from '../../../rjsf/strings';
import { ConsoleForm } from '../../../rjsf/theme';
import { validator } from '../../../rjsf/validator';
import { extractorFormSchema, extractorLabels, extractorUiSchema, settingsToSave } from './extractorForm';

type Data = Record<string, unknown>;
const asData = (value: unknown): Data => (typeof value === 'object' && value !== null ? (value as Data) : {});
const schema = extractorFormSchema();

/**
 * The extractor's settings as an rjsf form with the console's theme (STYLE.md rule 2). Saving
 * replaces the whole settings object; a refusal keeps the form as it is, with the module's own
 * failure message (spec §8). Leaving with unsaved changes asks first (spec §4).
 */
export const ExtractorSettingsForm = ({
  envId,
  settings,
  readOnly,
  onSaved,
  extra,
}: {
  envId: string;
  settings: ExtractorSettings;
  readOnly: boolean;
  onSaved: (saved: ExtractorSettings) => void;
  extra?: ReactNode;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useApiClient();
  const labels = useMemo(() => extractorLabels(translate), [translate]);
  const uiSchema = useMemo(
    () => extractorUiSchema(labels, translate('app.extractor.inherited')),
    [labels, translate],
  );
  const translateString = useMemo(() => rjsfStrings(translate), [translate]);
  const transformErrors = useMemo(
    () => translateValidationErrors({ hints: {} }, labels, translate),
    [labels, translate],
  );
  const [baseline, setBaseline] = useState<Data>(() =>
    getDefaultFormState(validator, schema, settings, schema),
  );
  const [formData, setFormData] = useState<Data>(baseline);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  const save = async (data: Data): Promise<boolean> => {
    setSaving(true);
    setFailure(undefined);
    try {
      const saved = await client.call(saveExtractorSettings, {
        params: { envId },
        body: settingsToSave(data),
      });
      guard.release();
      setBaseline(data);
      notify('app.extractor.saved', { type: 'success' });
      onSaved(saved);
      return true;
    } catch (error) {
      setFailure(translate('app.extractor.saveFailed', { reason: errorMessage(error) }));
      return false;
    } finally {
      setSaving(false);
    }
  };
  const guard = useUnsavedChangesGuard(!sameFormData(formData, baseline), () => save(formData));

  return (
    <>
      <ConsoleForm
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        validator={validator}
        transformErrors={transformErrors}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        translateString={translateString}
        disabled={saving || readOnly}
        onChange={(event) => setFormData(asData(event.formData))}
        onSubmit={(event) => void save(asData(event.formData))}
      >
        <Stack spacing={2} sx={{ mt: 2 }}>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <Stack direction="row" spacing={1}>
            {readOnly ? null : (
              <Button type="submit" variant="contained" loading={saving}>
                {translate('ra.action.save')}
              </Button>
            )}
            {extra}
          </Stack>
        </Stack>
      </ConsoleForm>
      <UnsavedChangesDialog {...guard.dialog} />
    </>
  );
};
