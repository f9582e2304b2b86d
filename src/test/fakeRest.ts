import type { FakeRequest, FakeRoute } from './fakeApi';
import { json } from './fakeApi';

export type FakeRecord = { id: string } & Record<string, unknown>;

export interface FakeCollection {
  /** The records, changed in place by POST, PUT and DELETE. */
  records: FakeRecord[];
  /** Every request the collection answered, oldest first. */
  requests: FakeRequest[];
  routes: Record<string, FakeRoute>;
}

const parse = (url: URL, name: string): unknown => {
  const raw = url.searchParams.get(name);
  return raw === null ? undefined : JSON.parse(raw);
};

const matches = (record: FakeRecord, filter: Record<string, unknown>): boolean =>
  Object.entries(filter).every(([field, wanted]) =>
    field === 'q'
      ? Object.values(record).some(
          (value) => typeof value === 'string' && value.toLowerCase().includes(String(wanted).toLowerCase()),
        )
      : record[field] === wanted,
  );

/**
 * A simple-REST collection at `/v4/console/api/<path>` for console tests (DESIGN.md §5): filters
 * (`q` and field equality), sort, range with Content-Range, and the record routes for the ids it
 * starts with (plus `created-1`, `created-2`… for the records it creates).
 *
 * @example
 * const members = fakeRest('organisations/o1/members', [bob]);
 * renderConsole('/orga/o1?tab=members', { ...signedIn, ...members.routes });
 */
export const fakeRest = (
  path: string,
  initial: FakeRecord[],
  {
    createdIds = ['created-1', 'created-2'],
    serverFields = {},
  }: {
    createdIds?: string[];
    /** What the server adds to a created record (e.g. `createdAt`). */
    serverFields?: Record<string, unknown>;
  } = {},
): FakeCollection => {
  const base = `/v4/console/api/${path}`;
  const records = [...initial];
  const requests: FakeRequest[] = [];
  const logged = (answer: (request: FakeRequest) => Response) => (request: FakeRequest) => {
    requests.push(request);
    return answer(request);
  };
  const list = logged(({ url }) => {
    const filter = (parse(url, 'filter') ?? {}) as Record<string, unknown>;
    const [field, order] = (parse(url, 'sort') ?? ['id', 'ASC']) as [string, string];
    const [start, end] = (parse(url, 'range') ?? [0, 999]) as [number, number];
    const found = records
      .filter((record) => matches(record, filter))
      .sort(
        (a, b) => String(a[field] ?? '').localeCompare(String(b[field] ?? '')) * (order === 'DESC' ? -1 : 1),
      );
    const page = found.slice(start, end + 1);
    const range = `${path.split('/').pop()} ${start}-${start + page.length - 1}/${found.length}`;
    return new Response(JSON.stringify(page), {
      headers: { 'Content-Type': 'application/json', 'Content-Range': range },
    });
  });
  const create = logged(({ body }) => {
    const id = createdIds[records.length - initial.length] ?? 'created';
    const record = { ...serverFields, ...(body as Record<string, unknown>), id };
    records.push(record);
    return json(record, 201);
  });
  const one = (id: string): Record<string, FakeRoute> => ({
    [`GET ${base}/${id}`]: logged(() =>
      json(records.find((record) => record.id === id) ?? { message: 'Not found' }),
    ),
    [`PUT ${base}/${id}`]: logged(({ body }) => {
      const index = records.findIndex((record) => record.id === id);
      records[index] = { ...records[index], ...(body as Record<string, unknown>), id };
      return json(records[index]);
    }),
    [`DELETE ${base}/${id}`]: logged(() => {
      records.splice(
        records.findIndex((record) => record.id === id),
        1,
      );
      return json({ id });
    }),
  });
  return {
    records,
    requests,
    routes: Object.assign(
      { [`GET ${base}`]: list, [`POST ${base}`]: create },
      ...[...initial.map((record) => record.id), ...createdIds].map(one),
    ),
  };
};
