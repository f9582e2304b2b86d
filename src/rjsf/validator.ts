import validatorAjv8 from '@rjsf/validator-ajv8';

/**
 * The resource schemas are draft-07 (schemas/_defs/admin.ts), which is what rjsf's default Ajv 8
 * validator expects, formats included (ajv-formats) — the same rules the server's Ajv applies.
 */
export const validator = validatorAjv8;
