import {
  attachmentLabelsWithoutBody,
  CATEGORY_KINDS,
  qualificationStatusOf,
  type ClassificationKind,
} from '../../schemas/bank-message.schema';
import { RENAME_MAX_LENGTH, renamed, type RenameOutcome, type RenameRule } from '../../schemas/bank-rename';
import type { BatchAction } from '../../schemas/contracts/testing';
import type { Queryable } from '../kernel/db';
import { validationError } from '../resources/validation';
import { classificationReadings, expectedValueProblems } from './classifications';
import { ClientError } from '../kernel/http/errors';
import { fieldProblem } from '../../schemas/detail-messages';
import { changesOf } from '../resources/audit';

type Named = { name: string; value: string };
type Expected = Partial<Record<ClassificationKind, (string | Named)[]>>;

type BankRow = {
  id: string;
  name: string;
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
    details: [fieldProblem('action.to', 'testClassificationExists', { name })],
  });

/** A batch that would leave a message expecting attachment categories alone (pipeline spec §5). */
const attachmentLabelsAlone = (name: string) => {
  const detail = fieldProblem('action', 'attachmentLabelsNeedBodyIn', { name });
  return new ClientError(400, 'ATTACHMENT_LABELS_NEED_BODY', detail.message, {
    params: { name },
    details: [detail],
  });
};

/** A rename that would give a message an empty or too long name: refused, naming the message. */
const renameRefused = ({ before, error }: RenameOutcome) => {
  const max = RENAME_MAX_LENGTH;
  const detail =
    error === 'RENAME_TOO_LONG'
      ? fieldProblem('action.rule', 'testRenameTooLong', { name: before, max })
      : fieldProblem('action.rule', 'testRenameEmpty', { name: before });
  return new ClientError(400, error ?? 'RENAME_EMPTY_NAME', detail.message, {
    params: { name: before, max },
    details: [detail],
  });
};

type FieldAction = Exclude<BatchAction, { type: 'renameFiles' }>;

/** What the action makes of one message's fields. */
const applied = (row: Fields, action: FieldAction): Fields => {
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
 * The new names of the messages, renamed as one list in the order of the rows (the order
 * `nameAndIndex` numbers them in); the first refused name refuses them all.
 */
const renamedRows = (rows: BankRow[], rule: RenameRule): ((row: BankRow) => Fields) => {
  const outcomes = renamed(
    rows.map((row) => row.name),
    rule,
  );
  const refused = outcomes.find((outcome) => outcome.error);
  if (refused) throw renameRefused(refused);
  const names = new Map(rows.map((row, i) => [row.id, outcomes[i].after]));
  return (row) => ({ ...row, name: names.get(row.id) ?? row.name });
};

/**
 * Applies one batch action to the selected messages of a project's bank, in the caller's
 * transaction: reads them (their small fields only), changes them here, writes them back in one
 * statement with their qualification status, and files one audit row per message changed.
 * Messages are taken in the order of `ids` (a rename by name and index numbers them so).
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
  if (action.type === 'addExtractions') {
    // The values added, as the bank's form would check them (testing/classifications.ts).
    const problems = expectedValueProblems(
      { [action.kind]: action.values },
      await classificationReadings(q, who.projectId),
    );
    if (problems.length > 0)
      throw validationError(
        problems.map((p) => ({ ...p, path: p.path.replace(/^expected\.[a-z_]+/, 'action.values') })),
      );
  }
  const rows = await q.query<BankRow>(
    `SELECT id, name, tags, expected, qualification, note FROM bank_messages
     WHERE project_id = $1 AND id = ANY($2::uuid[])
     ORDER BY array_position($2::uuid[], id) FOR UPDATE`,
    [who.projectId, ids],
  );
  const change =
    action.type === 'renameFiles' ? renamedRows(rows, action.rule) : (row: BankRow) => applied(row, action);
  const changes = rows
    .map((row) => ({ row, after: change(row) }))
    // The audit compares the fields read (changesOf leaves the id out).
    .map(({ row, after }) => ({ id: row.id, after, diff: changesOf(row, after) }))
    .filter((c) => Object.keys(c.diff).length > 0);
  if (changes.length === 0) return 0;
  const alone = changes.find((c) => attachmentLabelsWithoutBody(c.after.expected));
  if (alone) throw attachmentLabelsAlone(alone.after.name);
  const records = changes.map((c) => ({
    id: c.id,
    name: c.after.name,
    tags: c.after.tags,
    expected: c.after.expected,
    qualification: c.after.qualification,
    status: qualificationStatusOf(c.after.expected, c.after.qualification),
    note: c.after.note,
    changes: c.diff,
  }));
  await q.query(
    `WITH changed AS (
       UPDATE bank_messages m SET name = x->>'name', tags = ARRAY(SELECT jsonb_array_elements_text(x->'tags')),
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
