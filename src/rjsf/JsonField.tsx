import type { FieldProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { CodeField } from '../components/code/CodeField';

const text = (value: unknown) => JSON.stringify(value ?? {}, null, 2);

/** The value a JSON text holds when it is the type the schema wants (`object` unless it says `array`). */
const parsed = (source: string, type: unknown): { value: unknown } | undefined => {
  try {
    const value: unknown = JSON.parse(source);
    const isArray = Array.isArray(value);
    const fits = type === 'array' ? isArray : typeof value === 'object' && value !== null && !isArray;
    return fits ? { value } : undefined;
  } catch {
    return undefined;
  }
};

/**
 * `ui:field: 'json'`: an object (or array) without a form of its own — free metadata — edited as JSON
 * in a code editor. The form gets the value each time the text parses to the schema's type; until
 * then the editor marks the syntax error where it is and the field says the JSON is not valid.
 */
export const JsonField = ({
  formData,
  onChange,
  fieldPathId,
  schema,
  uiSchema,
  name,
  required,
  disabled,
  readonly,
  rawErrors = [],
}: FieldProps) => {
  const translate = useTranslate();
  const [source, setSource] = useState(() => text(formData));
  // A value changed from outside the editor (a reset, a reload) replaces the text.
  const [shown, setShown] = useState(formData);
  if (shown !== formData && JSON.stringify(parsed(source, schema.type)?.value) !== JSON.stringify(formData)) {
    setShown(formData);
    setSource(text(formData));
  }
  const valid = parsed(source, schema.type) !== undefined;
  const title = uiSchema?.['ui:title'];
  const help = uiSchema?.['ui:help'];
  return (
    <CodeField
      id={fieldPathId.$id}
      label={typeof title === 'string' ? title : (schema.title ?? name)}
      required={required}
      language="json"
      minLines={4}
      value={source}
      onChange={(next) => {
        setSource(next);
        const result = parsed(next, schema.type);
        if (result) {
          setShown(result.value);
          onChange(result.value, fieldPathId.path);
        }
      }}
      readOnly={disabled || readonly}
      problems={rawErrors}
      error={!valid || rawErrors.length > 0}
      helperText={
        !valid
          ? translate(schema.type === 'array' ? 'app.code.invalidJsonArray' : 'app.code.invalidJsonObject')
          : rawErrors.join(' ') || (typeof help === 'string' ? help : undefined)
      }
    />
  );
};
