import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { validatorsById } from 'virtual:form-validators';

const validators = new WeakMap<RJSFSchema, ValidatorType>();

/**
 * The validator of a form's schema: rjsf's Ajv 8 validator, precompiled at build time for every
 * schema of src/rjsf/formSchemas.ts (draft-07, formats included — the rules the server's Ajv
 * applies). Compiling in the browser would need 'unsafe-eval', which the page's policy does not
 * grant (docs/security.md, "What the browser is told"). A schema that is not among them throws
 * (rjsf: "No precompiled validator function was found"): add its form to formSchemas.ts.
 */
export const validatorFor = (schema: RJSFSchema): ValidatorType => {
  let validator = validators.get(schema);
  if (!validator) {
    validator = createPrecompiledValidator(validatorsById, schema);
    validators.set(schema, validator);
  }
  return validator;
};
