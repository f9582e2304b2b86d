import { z } from 'zod';
import type { CallContract } from '../../../schemas/contracts/define';

type JsonSchema = Record<string, unknown>;

const toSchema = (type: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(type, {
    target: 'draft-7',
    io,
    unrepresentable: 'any',
  });
  return schema;
};

/**
 * The Fastify route options (method, url, schema) of a shared call contract, so that the server
 * validates exactly what the console's client checks. Bodies refuse unknown fields: a client
 * mistake gets a 400 naming the field rather than being silently dropped.
 *
 * @example
 * app.route({ ...contractRoute(loginCheck), handler: async (req) => ({ token }) });
 */
export const contractRoute = (contract: CallContract) => {
  const schema: Record<string, unknown> = {};
  if (contract.params) schema.params = toSchema(contract.params, 'input');
  if (contract.query) schema.querystring = toSchema(contract.query, 'input');
  if (contract.body && contract.bodyType !== 'form') {
    schema.body = { ...toSchema(contract.body, 'input'), additionalProperties: false };
  }
  if (contract.response && contract.responseType !== 'file') {
    schema.response = { 200: toSchema(contract.response, 'output') };
  }
  return {
    method: contract.method,
    url: contract.path.replace(/\{(\w+)\}/g, ':$1'),
    schema,
  } as const;
};
