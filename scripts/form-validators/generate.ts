import { schemaParser } from '@rjsf/utils';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { formRootSchemas } from '../../src/rjsf/formSchemas';

/**
 * The console forms' validators as one ES module of Ajv's standalone code: what rjsf's
 * `compileSchemaValidatorsCode` makes for one schema, for every schema of src/rjsf/formSchemas.ts
 * (each with the sub-schemas rjsf checks alone, by their hash) and with rjsf's own Ajv options.
 * `validatorsById` maps each schema's hash to its function, for `createPrecompiledValidator`.
 * Printed on stdout: the Vite plugin beside this file reads it.
 */
const generate = () => {
  const schemas: Record<string, object> = {};
  for (const root of formRootSchemas()) Object.assign(schemas, schemaParser(root));
  const ids = Object.keys(schemas);
  // An export is named by an identifier; a hash may start with a minus sign.
  const exportName = (id: string) => `v${id.replace('-', '_')}`;
  const ajv = createAjvInstance(undefined, undefined, {
    code: { source: true, esm: true },
    schemas: Object.values(schemas),
  });
  const code = standaloneCode(ajv, Object.fromEntries(ids.map((id) => [exportName(id), id])));
  // Ajv's ES module still `require`s its runtime helpers (ucs2length, the formats): made imports.
  const modules = [...new Set([...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]))];
  const body = modules.reduce(
    (text, name, i) => text.replaceAll(`require("${name}")`, `__runtime${i}`),
    code,
  );
  return [
    ...modules.map((name, i) => `import * as __runtime${i} from ${JSON.stringify(name)};`),
    body,
    `export const validatorsById = {${ids.map((id) => `${JSON.stringify(id)}: ${exportName(id)}`).join(', ')}};`,
  ].join('\n');
};

process.stdout.write(generate());
