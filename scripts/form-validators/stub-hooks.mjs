// While the validators are generated, the forms' modules that use them are loaded too: their
// import of the module being generated resolves to an empty one (scripts/form-validators/plugin.ts).
export async function resolve(specifier, context, next) {
  if (specifier === 'virtual:form-validators')
    return { url: 'data:text/javascript,export const validatorsById = {};', shortCircuit: true };
  return next(specifier, context);
}
