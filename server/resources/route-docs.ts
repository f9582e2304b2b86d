import type { ResourceRuntime } from './runtime';

/**
 * The OpenAPI description of one resource's routes (GET /v4/docs/json), from its schema. Only documents:
 * the routes validate with the resource's own Ajv (validation.ts), whose answers carry the schema's
 * messages and field paths.
 */
export const routeDocs = (rt: ResourceRuntime) => {
  const { path, readOnly = [] } = rt.schema['x-admin'];
  const { $id: _id, 'x-admin': _admin, ...record } = rt.schema;
  const tags = [path];
  const security = [{ bearer: [] }];
  const uuid = { type: 'string', format: 'uuid' };
  const scopeParam = rt.top ? {} : { scopeId: { ...uuid, description: `The ${rt.schema['x-admin'].scope}` } };
  const collectionParams = { type: 'object', properties: scopeParam };
  const itemParams = { type: 'object', properties: { ...scopeParam, id: uuid } };
  const writable = {
    ...record,
    required: [...(record.required ?? []), ...(rt.top && rt.scopeField ? [rt.scopeField] : [])],
    properties: Object.fromEntries(
      Object.entries(record.properties).filter(
        ([f]) => !readOnly.includes(f) || (rt.top && f === rt.scopeField),
      ),
    ),
  };
  const listQuery = {
    type: 'object',
    properties: {
      sort: { type: 'string', description: 'JSON ["field","ASC"|"DESC"]' },
      range: { type: 'string', description: 'JSON [start,end], inclusive, at most 1000 records' },
      filter: {
        type: 'string',
        description:
          'JSON {"q":"text","field":value,"ids":[…]}' +
          (rt.top && rt.scopeField ? `; ${rt.scopeField} is required` : ''),
      },
    },
  };
  return {
    list: {
      tags,
      security,
      summary: `List ${path} (Content-Range)`,
      params: collectionParams,
      querystring: listQuery,
    },
    show: { tags, security, summary: `Read one of ${path}`, params: itemParams },
    create: { tags, security, summary: `Create one of ${path}`, params: collectionParams, body: writable },
    edit: {
      tags,
      security,
      summary: `Update one of ${path} (the body is merged over the stored record)`,
      params: itemParams,
      body: { ...record, required: [] },
    },
    delete: { tags, security, summary: `Delete one of ${path}`, params: itemParams },
  };
};
