import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { ConsoleFormContext } from '../../../rjsf/formContext';
import { rjsfStrings } from '../../../rjsf/strings';
import { ConsoleForm } from '../../../rjsf/theme';
import { validator } from '../../../rjsf/validator';
import { UnsavedChangesDialog } from '../guard/UnsavedChangesDialog';
import { useFormExtension } from './FormExtension';
import type { FormData } from './formSchema';
import { useSchemaForm } from './useSchemaForm';
import type { UseSchemaFormOptions } from './useSchemaForm';

export interface SchemaFormProps extends UseSchemaFormOptions {
  onCancel?: () => void;
  /**
   * More buttons beside save and cancel (e.g. delete on an edit form). `release` lets the next
   * navigation through without the unsaved-changes warning (the record is gone).
   */
  actions?: (form: { release: () => void }) => ReactNode;
}

const asFormData = (value: unknown): FormData =>
  typeof value === 'object' && value !== null ? (value as FormData) : {};

/**
 * A generated form (DESIGN.md §4, STYLE.md rule 2): rjsf with the console's MUI theme and Ajv,
 * inside react-admin's EditBase / CreateBase, whose `save` it calls. Errors of the validator and of
 * the server show on their fields; leaving with unsaved changes asks first (spec §4).
 */
export const SchemaForm = ({ onCancel, actions, ...options }: SchemaFormProps) => {
  const translate = useTranslate();
  const form = useSchemaForm(options);
  const extension = useFormExtension();
  const formContext = useMemo<ConsoleFormContext>(() => ({ scope: options.scope }), [options.scope]);
  const translateString = useMemo(() => rjsfStrings(translate), [translate]);

  return (
    <>
      <ConsoleForm
        ref={form.formRef}
        schema={form.schema}
        uiSchema={form.uiSchema}
        formData={form.formData}
        formContext={formContext}
        validator={validator}
        transformErrors={form.transformErrors}
        extraErrors={form.extraErrors}
        liveValidate={form.liveValidate ? 'onChange' : undefined}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        translateString={translateString}
        disabled={form.saving}
        onChange={(event) => form.onChange(asFormData(event.formData))}
        onSubmit={(event) => form.onSubmit(asFormData(event.formData))}
        onError={form.onInvalid}
      >
        <Stack spacing={2} sx={{ mt: 2 }}>
          {form.formError ? <Alert severity="error">{form.formError}</Alert> : null}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={form.saving}>
              {translate('ra.action.save')}
            </Button>
            {onCancel ? (
              <Button onClick={() => form.guard.requestLeave(onCancel)} disabled={form.saving}>
                {translate('ra.action.cancel')}
              </Button>
            ) : null}
            {actions?.({ release: form.guard.release })}
          </Stack>
        </Stack>
      </ConsoleForm>
      {extension?.({
        resource: options.resource.name,
        mode: options.mode,
        record: options.record,
        formData: form.formData,
        dirty: form.dirty,
      })}
      <UnsavedChangesDialog {...form.guard.dialog} />
    </>
  );
};
