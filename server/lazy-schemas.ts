import AjvCompiler, { type ValidatorCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compilers = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Validate = ReturnType<ValidatorCompiler>;

/**
 * Fastify's own compilers (Ajv for what comes in, fast-json-stringify for what goes out), run on a
 * route's first request instead of when the route is registered. Compiling every route's schemas
 * took about 0.2 s of each start to /healthz, for routes a process may not serve for a while.
 * The first request of a route pays its compilation, a few milliseconds. A schema the compilers
 * refuse would then fail its route at that request rather than the start: tests build the app
 * with the eager compilers (AppOptions.lazySchemas unset), so such a schema fails them.
 */
export const lazySchemaCompilers = (): Compilers => {
  const buildValidator = AjvCompiler();
  const buildSerializer = SerializerSelector();
  const lazyValidators: ValidatorFactory = (externalSchemas, options) => {
    const compile = buildValidator(externalSchemas, options);
    return (route) => {
      let compiled: Validate | undefined;
      const validate = (data: unknown) => {
        compiled ??= compile(route);
        const result = compiled(data);
        // Fastify reads a refusal's reasons from the function, where Ajv leaves them.
        validate.errors = compiled.errors;
        return result;
      };
      validate.errors = undefined as Validate['errors'];
      // Fastify calls it and reads `errors`; Ajv's other members (schema, source) are not used.
      return validate as unknown as Validate;
    };
  };
  const lazySerializers: SerializerFactory = (externalSchemas, options) => {
    const compile = buildSerializer(externalSchemas, options);
    return (route) => {
      let compiled: ((data: unknown) => string) | undefined;
      return (data: unknown) => (compiled ??= compile(route))(data);
    };
  };
  return { buildValidator: lazyValidators, buildSerializer: lazySerializers };
};
