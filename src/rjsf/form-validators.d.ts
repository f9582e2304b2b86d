/** The console forms' validators, compiled at build time (scripts/form-validators/plugin.ts). */
declare module 'virtual:form-validators' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

  /** Each schema of src/rjsf/formSchemas.ts and its sub-schemas, by rjsf's hash of the schema. */
  export const validatorsById: ValidatorFunctions;
}
