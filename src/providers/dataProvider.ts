import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { ApiClient } from '../api';

/** Console resources live under one prefix (DESIGN.md §5). */
export const consoleApiPrefix = '/v4/console/api';

const totalFrom = (headers: Headers, fallback: number): number => {
  // `Content-Range: archetypes 0-24/319` — the total is after the slash.
  const total = headers.get('Content-Range')?.split('/').pop();
  const parsed = total === undefined ? NaN : Number.parseInt(total, 10);
  return Number.isFinite(parsed) ? parsed : fallback;
};

const listQuery = (
  sort: { field: string; order: string } | undefined,
  pagination: { page: number; perPage: number } | undefined,
  filter: unknown,
): Record<string, string> => {
  const query: Record<string, string> = { filter: JSON.stringify(filter ?? {}) };
  if (sort) query.sort = JSON.stringify([sort.field, sort.order]);
  if (pagination) {
    const start = (pagination.page - 1) * pagination.perPage;
    query.range = JSON.stringify([start, start + pagination.perPage - 1]);
  }
  return query;
};

// The server's answers are trusted to be records here: each resource's schema validates them
// server-side (DESIGN.md §4), so these casts mark the boundary rather than hide a doubt.
const asRecords = <R>(data: unknown): R[] => (Array.isArray(data) ? (data as R[]) : []);
const asRecord = <R>(data: unknown): R | undefined =>
  typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as R) : undefined;

/** Mutations get no signal from react-admin; a caller may still pass one in `meta.signal`. */
const signalOf = (meta: unknown): AbortSignal | undefined =>
  typeof meta === 'object' && meta !== null && 'signal' in meta && meta.signal instanceof AbortSignal
    ? meta.signal
    : undefined;

/**
 * react-admin's DataProvider in the simple-REST dialect the server speaks (DESIGN.md §5), as a thin
 * layer over the API client's `request` — the client alone knows HTTP, tokens and session errors.
 *
 * @example
 * const dataProvider = createDataProvider(apiClient);
 * await dataProvider.getList('projects', { pagination: { page: 1, perPage: 25 }, sort, filter: {} });
 */
export const createDataProvider = (
  client: Pick<ApiClient, 'request'>,
  prefix = consoleApiPrefix,
): DataProvider => {
  const url = (resource: string, id?: Identifier) =>
    id === undefined ? `${prefix}/${resource}` : `${prefix}/${resource}/${encodeURIComponent(String(id))}`;

  const list = async <R>(resource: string, query: Record<string, string>, signal?: AbortSignal) => {
    const { data, headers } = await client.request({ method: 'GET', path: url(resource), query, signal });
    const records = asRecords<R>(data);
    return { data: records, total: totalFrom(headers, records.length) };
  };

  return {
    supportAbortSignal: true,
    getList: <R extends RaRecord>(
      resource: string,
      { sort, pagination, filter, signal }: Parameters<DataProvider['getList']>[1],
    ) => list<R>(resource, listQuery(sort, pagination, filter), signal),
    getOne: async <R extends RaRecord>(
      resource: string,
      { id, signal }: Parameters<DataProvider['getOne']>[1],
    ) => {
      const { data } = await client.request({ method: 'GET', path: url(resource, id), signal });
      return { data: asRecord<R>(data) ?? ({ id } as R) };
    },
    getMany: async <R extends RaRecord>(
      resource: string,
      { ids, signal }: Parameters<DataProvider['getMany']>[1],
    ) => {
      const { data } = await list<R>(resource, { filter: JSON.stringify({ ids }) }, signal);
      return { data };
    },
    getManyReference: <R extends RaRecord>(
      resource: string,
      { target, id, sort, pagination, filter, signal }: Parameters<DataProvider['getManyReference']>[1],
    ) => list<R>(resource, listQuery(sort, pagination, { ...filter, [target]: id }), signal),
    create: async <R extends RaRecord>(
      resource: string,
      { data: body, meta }: Parameters<DataProvider['create']>[1],
    ) => {
      const { data } = await client.request({
        method: 'POST',
        path: url(resource),
        body,
        signal: signalOf(meta),
      });
      return { data: { ...body, ...asRecord<R>(data) } as R };
    },
    update: async <R extends RaRecord>(
      resource: string,
      { id, data: body, meta }: Parameters<DataProvider['update']>[1],
    ) => {
      const { data } = await client.request({
        method: 'PUT',
        path: url(resource, id),
        body,
        signal: signalOf(meta),
      });
      return { data: { id, ...body, ...asRecord<R>(data) } as R };
    },
    updateMany: async (resource, { ids, data: body, meta }) => {
      const signal = signalOf(meta);
      await Promise.all(
        ids.map((id) => client.request({ method: 'PUT', path: url(resource, id), body, signal })),
      );
      return { data: ids };
    },
    delete: async <R extends RaRecord>(
      resource: string,
      { id, previousData, meta }: Parameters<DataProvider['delete']>[1],
    ) => {
      const { data } = await client.request({
        method: 'DELETE',
        path: url(resource, id),
        signal: signalOf(meta),
      });
      return { data: asRecord<R>(data) ?? (previousData as R | undefined) ?? ({ id } as R) };
    },
    deleteMany: async (resource, { ids, meta }) => {
      const signal = signalOf(meta);
      await Promise.all(
        ids.map((id) => client.request({ method: 'DELETE', path: url(resource, id), signal })),
      );
      return { data: ids };
    },
  };
};

/**
 * Calls `onMutation` after every successful write, e.g. to refresh what other caches show.
 *
 * @example
 * withMutationHook(createDataProvider(client), () => invalidateCallCache(client));
 */
export const withMutationHook = (dataProvider: DataProvider, onMutation: () => void): DataProvider => {
  const after = async <T>(pending: Promise<T>): Promise<T> => {
    const result = await pending;
    onMutation();
    return result;
  };
  return {
    ...dataProvider,
    create: (resource, params) => after(dataProvider.create(resource, params)),
    update: (resource, params) => after(dataProvider.update(resource, params)),
    updateMany: (resource, params) => after(dataProvider.updateMany(resource, params)),
    delete: (resource, params) => after(dataProvider.delete(resource, params)),
    deleteMany: (resource, params) => after(dataProvider.deleteMany(resource, params)),
  };
};
