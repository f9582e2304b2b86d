import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { CodeField } from '../components/code/CodeField';
import { isCodeLanguage } from '../components/code/codeLanguage';

/**
 * `ui:widget: 'code'` with `ui:options.language: 'twig' | 'regex' | 'json'`: the field is edited as
 * code (CodeField: highlighting, line numbers, the server's errors at their line). A regular
 * expression is one line (`ui:options.singleLine`, the default for regex); `ui:options.rows` sets
 * the empty height of the others. Errors and help stay where the theme's field template puts them;
 * the editor marks the lines they name.
 */
export const CodeWidget = ({
  id,
  value,
  label,
  hideLabel,
  required,
  disabled,
  readonly,
  rawErrors = [],
  options,
  onChange,
  onBlur,
}: WidgetProps) => {
  const language = isCodeLanguage(options.language) ? options.language : 'text';
  const singleLine = typeof options.singleLine === 'boolean' ? options.singleLine : language === 'regex';
  return (
    <CodeField
      id={id}
      label={hideLabel ? '' : label}
      required={required}
      language={language}
      singleLine={singleLine}
      minLines={typeof options.rows === 'number' ? options.rows : undefined}
      value={typeof value === 'string' ? value : ''}
      onChange={(next) => onChange(next === '' ? options.emptyValue : next)}
      onBlur={() => onBlur(id, value)}
      readOnly={disabled || readonly}
      problems={rawErrors}
      error={rawErrors.length > 0}
      // The theme's field template shows the messages and help under the field already.
      helperText=""
      describedBy={ariaDescribedByIds(id)}
    />
  );
};
