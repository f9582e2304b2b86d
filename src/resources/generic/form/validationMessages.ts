import type { RJSFValidationError } from '@rjsf/utils';
import type { TranslateFunction } from 'react-admin';
import type { ResourceLabels } from '../../labels';
import type { ResourceDescriptor } from '../../types';
import { pathSegments, translationPath } from './errorPaths';

type Params = Record<string, unknown>;

/** Validator keywords with react-admin's translated messages (ra.validation.*), and their arguments. */
const genericMessages: Record<string, (params: Params) => [key: string, args: Params] | undefined> = {
  required: () => ['ra.validation.required', {}],
  minLength: (p) =>
    p.limit === 1 ? ['ra.validation.required', {}] : ['ra.validation.minLength', { min: p.limit }],
  maxLength: (p) => ['ra.validation.maxLength', { max: p.limit }],
  minimum: (p) => ['ra.validation.minValue', { min: p.limit }],
  maximum: (p) => ['ra.validation.maxValue', { max: p.limit }],
  enum: (p) => [
    'ra.validation.oneOf',
    { options: Array.isArray(p.allowedValues) ? p.allowedValues.join(', ') : '' },
  ],
  format: (p) => (p.format === 'email' ? ['ra.validation.email', {}] : ['app.forms.errors.format', {}]),
  type: (p) => (p.type === 'integer' || p.type === 'number' ? ['ra.validation.number', {}] : undefined),
  pattern: (p) => ['ra.validation.regex', { pattern: p.pattern }],
};

const paramsOf = (error: RJSFValidationError): Params =>
  typeof error.params === 'object' && error.params !== null ? (error.params as Params) : {};

/**
 * rjsf's `transformErrors`: the validator's English messages replaced by the spec's where x-admin
 * `errorMessages` has one (translated by `resources.<res>.errors.<field>.<keyword>`), else by
 * react-admin's translated ones, so client and server say the same thing in the user's language.
 */
export const translateValidationErrors =
  (
    resource: { hints: Pick<ResourceDescriptor['hints'], 'errorMessages'> },
    labels: ResourceLabels,
    translate: TranslateFunction,
  ) =>
  (errors: RJSFValidationError[]): RJSFValidationError[] =>
    // An unmet `if` branch ("must match then schema") only repeats its fields' own errors.
    errors
      .filter((error) => error.name !== 'if')
      .map((error) => {
        const path = translationPath(pathSegments(error.property ?? ''));
        const keyword = error.name ?? '';
        const spec = resource.hints.errorMessages?.[path]?.[keyword];
        const generic = genericMessages[keyword]?.(paramsOf(error));
        const message =
          spec !== undefined
            ? labels.error(path, keyword, spec)
            : generic
              ? translate(generic[0], { ...generic[1], _: error.message })
              : (error.message ?? '');
        return { ...error, message, stack: path ? `${labels.field(path)}: ${message}` : message };
      });
