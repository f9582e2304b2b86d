import {
  CATEGORY_KINDS,
  qualificationStatusOf,
  type ClassificationKind,
} from '../../schemas/bank-message.schema';
import type { BatchAction } from '../../schemas/contracts/testing';
import type { Queryable } from '../db';
import { ClientError } from '../http/errors';
import { changesOf } from '../resources/audit';

type Named = { name: string; value: string };
type Expected = Partial<Record<ClassificationKind, (string | Named)[]>>;

type BankRow = {
  id: string;
  tags: string[];
  expected: Expected;
  qualification: Partial<Record<ClassificationKind, string>>;
  note: string;
};

type Fields = Omit<BankRow, 'id'>;

const isCategoryKind = (kind: ClassificationKind) => (CATEGORY_KINDS as readonly string[]).includes(kind);
const nameOf = (entry: string | Named) => (typeof entry === 'string' ? entry : entry.name);
const unique = <T>(list: T[], key: (t: T) => string) => [
  ...new Map(list.map((item) => [key(item), item])).values(),
];

/** A rename into a classification the bank already has would merge two: refused, naming it. */
const classificationExists = (name: string) =>
  new ClientError(400, 'CLASSIFICATION_EXISTS', `The classification '${name}' already exists`, {
    params: { name },
    details: [{ path: 'action.to', message: `The classification '${name}' already exists` }],
  });

/** What the action makes of one message's fields. */
const applied = (row: Fields, action: BatchAction): Fields => {
  switch (action.type) {
    case 'addTags':
      return { ...row, tags: [...new Set([...row.tags, ...action.tags])].slice(0, 50) };
    case 'removeTags':
      return { ...row, tags: row.tags.filter((t) => !action.tags.includes(t)) };
    case 'setNote':
      return { ...row, note: action.note };
    case 'addCategories':
    case 'addExtractions': {
      const added = action.type === 'addCategories' ? action.names : action.values;
      const list = [...(row.expected[action.kind] ?? []), ...added];
      const merged = unique(list, (e) => (typeof e === 'string' ? e : `${e.name}\u0000${e.value}`));
      return {
        ...row,
        expected: { ...row.expected, [action.kind]: merged },
        qualification: action.qualify
          ? { ...row.qualification, [action.kind]: 'qualified' }
          : row.qualification,
      };
    }
    case 'renameClassification': {
      const renamed = (row.expected[action.kind] ?? []).map((e) =>
        nameOf(e) !== action.from ? e : typeof e === 'string' ? action.to : { ...e, name: action.to },
      );
      return { ...row, expected: { ...row.expected, [action.kind]: renamed } };
    }
  }
};

/**
 * Applies one batch action to the selected messages of a project's bank, in the caller's
 * transaction: reads them (their small fields only), changes them here, writes them back in one
 * statement with their qualification status, and files one audit row per message changed.
 * Answers how many changed.
 */
export const batchUpdate = async (
  q: Queryable,
  who: { projectId: string; organisationId: string | undefined; actorId: string; impersonatorId?: string },
  ids: string[],
  action: BatchAction,
): Promise<number> => {
  if (action.type === 'renameClassification' && action.from !== action.to) {
    const key = isCategoryKind(action.kind)
      ? `m.expected->'${action.kind}' ? $2`
      : `m.expected->'${action.kind}' @> jsonb_build_array(jsonb_build_object('name', $2::text))`;
    const [taken] = await q.query(
      `SELECT 1 FROM bank_messages m WHERE m.project_id = $1 AND ${key} LIMIT 1`,
      [who.projectId, action.to],
    );
    if (taken) throw classificationExists(action.to);
  }
  const rows = await q.query<BankRow>(
    `SELECT id, tags, expected, qualification, note FROM bank_messages
     WHERE project_id = $1 AND id = ANY($2::uuid[]) FOR UPDATE`,
    [who.projectId, ids],
  );
  const changes = rows
    .map((row) => ({ row, after: applied(row, action) }))
    .map(({ row, after }) => ({
      id: row.id,
      after,
      diff: changesOf(
        { tags: row.tags, expected: row.expected, qualification: row.qualification, note: row.note },
        { tags: after.tags, expected: after.expected, qualification: after.qualification, note: after.note },
      ),
    }))
    .filter((c) => Object.keys(c.diff).length > 0);
  if (changes.length === 0) return 0;
  const records = changes.map((c) => ({
    id: c.id,
    tags: c.after.tags,
    expected: c.after.expected,
    qualification: c.after.qualification,
    status: qualificationStatusOf(c.after.expected, c.after.qualification),
    note: c.after.note,
    changes: c.diff,
  }));
  await q.query(
    `WITH changed AS (
       UPDATE bank_messages m SET tags = ARRAY(SELECT jsonb_array_elements_text(x->'tags')),
              expected = x->'expected', qualification = x->'qualification',
              qualification_status = x->>'status', note = x->>'note', updated_at = now()
       FROM jsonb_array_elements($1::jsonb) AS x
       WHERE m.id = (x->>'id')::uuid AND m.project_id = $2
       RETURNING m.id, x->'changes' AS changes)
     INSERT INTO audit_logs (id, organisation_id, actor_id, impersonator_id, action, resource, record_id, changes)
     SELECT gen_random_uuid(), $3, $4, $5, 'update', 'messages', c.id, c.changes FROM changed c`,
    [
      JSON.stringify(records),
      who.projectId,
      who.organisationId ?? null,
      who.actorId,
      who.impersonatorId ?? null,
    ],
  );
  return changes.length;
};
