import type RjsfForm from '@rjsf/core';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { getDefaultFormState } from '@rjsf/utils';
import { useMemo, useRef, useState } from 'react';
import type { RaRecord } from 'react-admin';
import { useNotify, useTranslate } from 'react-admin';
import { validator } from '../../../rjsf/validator';
import { recordWording, useResourceLabels } from '../../labels';
import type { ResourceDescriptor, RouteScope } from '../../types';
import { useUnsavedChangesGuard } from '../guard/useUnsavedChangesGuard';
import type { FormData, FormMode } from './formSchema';
import { formDataOf, formSchema, formUiSchema, forItem, payloadOf } from './formSchema';
import { sameFormData, withoutChangedFields } from './formData';
import { serverErrors } from './serverErrors';
import { translateValidationErrors } from './validationMessages';

/** react-admin's `save` from EditBase / CreateBase, reduced to what the form calls. */
export type SaveFunction = (
  data: FormData,
  callbacks: { onSuccess: (record: RaRecord) => void; onError: (error: unknown) => void },
) => unknown;

export interface UseSchemaFormOptions {
  resource: ResourceDescriptor;
  scope: RouteScope;
  mode: FormMode;
  record?: RaRecord;
  save: SaveFunction;
  onSaved?: (record: RaRecord) => void;
}

/**
 * The state of a generated form: schema and uiSchema from the resource, translated validation
 * messages, the data and whether it changed, the server's refusals placed on their fields, and the
 * unsaved-changes guard. `formRef` is the rjsf form, whose own check runs before "save and leave".
 */
export const useSchemaForm = ({ resource, scope, mode, record, save, onSaved }: UseSchemaFormOptions) => {
  const translate = useTranslate();
  const notify = useNotify();
  const labels = useResourceLabels(resource);
  const says = recordWording(translate, resource);
  const schema = useMemo<RJSFSchema>(() => formSchema(resource, mode), [resource, mode]);
  const baseUiSchema = useMemo(() => formUiSchema(resource, mode, labels), [resource, mode, labels]);
  const transformErrors = useMemo(
    () => translateValidationErrors(resource, labels, translate),
    [resource, labels, translate],
  );
  // The record with the schema's defaults filled in, as rjsf shows it: an untouched form is not "changed".
  const [baseline, setBaseline] = useState<FormData>(() =>
    getDefaultFormState(validator, schema, formDataOf(resource, record, mode), schema),
  );
  const [formData, setFormData] = useState<FormData>(baseline);
  const [extraErrors, setExtraErrors] = useState<{ submitted: FormData; errors: ErrorSchema }>();
  const [formError, setFormError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const dirty = !sameFormData(formData, baseline);
  // Widgets that depend on the form's own values (`ui:options.when` on a field).
  const uiSchema = useMemo(() => forItem(baseUiSchema, formData), [baseUiSchema, formData]);

  /** Sends the data; resolves to whether it was saved. `leaving`: the guard navigates afterwards. */
  const submit = (data: FormData, leaving: boolean) =>
    new Promise<boolean>((resolve) => {
      setFormError(undefined);
      setSaving(true);
      void save(payloadOf(resource, data, mode, resource.scopeIdOf(scope)), {
        onSuccess: (saved) => {
          setSaving(false);
          setExtraErrors(undefined);
          guard.release();
          notify(says(mode === 'create' ? 'created' : 'updated'), { type: 'success' });
          // A create form that stays where it is starts again empty; an edit form keeps what was saved.
          const next = mode === 'create' && !onSaved ? baseline : data;
          setBaseline(next);
          setFormData(next);
          if (!leaving) onSaved?.(saved);
          resolve(true);
        },
        onError: (error) => {
          setSaving(false);
          const { fields, message } = serverErrors(error, resource, labels);
          setExtraErrors({ submitted: data, errors: fields });
          setFormError(message);
          resolve(false);
        },
      });
    });

  const formRef = useRef<RjsfForm>(null);
  const guard = useUnsavedChangesGuard(dirty, async () =>
    formRef.current?.validateFormWithFormData(formData) ? submit(formData, true) : false,
  );

  const visibleExtraErrors = useMemo(
    () =>
      extraErrors ? withoutChangedFields(extraErrors.errors, extraErrors.submitted, formData) : undefined,
    [extraErrors, formData],
  );

  return {
    schema,
    uiSchema,
    transformErrors,
    formData,
    dirty,
    formError,
    saving,
    guard,
    formRef,
    liveValidate: submitted,
    extraErrors: visibleExtraErrors,
    onChange: (data: FormData) => setFormData(data),
    onSubmit: (data: FormData) => void submit(data, false),
    onInvalid: () => setSubmitted(true),
  };
};
