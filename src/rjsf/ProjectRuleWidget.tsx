import type { WidgetProps } from '@rjsf/utils';
import { useTranslate } from 'react-admin';
import { projectRules } from '../../schemas/contracts/testing';
import { useCall } from '../providers/useCall';
import { scopeOf } from './formContext';

/**
 * `ui:widget: 'projectRule'`: a select of the categorisation rules of the form's project (spec §5: a
 * domain rule's name must be one of them), each with its categories, read through a call qualifiers
 * may make. A name that no rule has any more stays shown, flagged invalid.
 */
export const ProjectRuleWidget = (props: WidgetProps) => {
  const translate = useTranslate();
  const { registry, value, rawErrors = [] } = props;
  const projectId = scopeOf(registry.formContext).projectId;
  const rules = useCall(projectRules, projectId ? { params: { projectId } } : null);
  const enumOptions = (rules.data ?? []).map((rule) => ({
    value: rule.name,
    label: `${rule.name} · ${rule.categories.join(', ')}`,
  }));
  const unknown =
    typeof value === 'string' &&
    value !== '' &&
    rules.status === 'success' &&
    !enumOptions.some((o) => o.value === value);
  if (unknown) enumOptions.push({ value, label: value });
  const { SelectWidget } = registry.widgets;
  return (
    <SelectWidget
      {...props}
      options={{ ...props.options, enumOptions }}
      disabled={props.disabled || rules.status === 'pending'}
      rawErrors={
        unknown ? [...rawErrors, translate('resources.domain-rules.errors.name.projectRule')] : rawErrors
      }
    />
  );
};
