import { randomUUID } from 'node:crypto';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import { attachmentLabelsWithoutBody, qualificationStatusOf } from '../../schemas/bank-message.schema';
import { fieldProblem } from '../../schemas/detail-messages';
import type { Queryable } from '../kernel/db';
import { classificationReadings, expectedValueProblems } from './classifications';
import { validationError } from '../resources/validation';
import { selectOf, sqlReads } from '../resources/sql-reads';
import type { ListQuery, ResourceStore } from '../resources/store';

const columns = {
  id: 'm.id',
  projectId: 'm.project_id',
  name: 'm.name',
  inputType: 'm.input_type',
  filename: 'm.filename',
  size: 'm.size',
  text: 'm.input_text',
  tags: 'm.tags',
  expected: 'm.expected',
  qualification: 'm.qualification',
  qualificationStatus: 'm.qualification_status',
  note: 'm.note',
  metadata: 'm.metadata',
  createdAt: 'm.created_at',
  updatedAt: 'm.updated_at',
};

/** A message as the bank stores it: its content as it came, and what a user says of it. */
export interface NewBankMessage {
  projectId: string;
  name: string;
  inputType: 'file' | 'text' | 'mail';
  file?: { filename: string; mime: string; bytes: Uint8Array };
  text?: string;
  tags?: readonly string[];
  expected?: Record<string, unknown>;
  qualification?: Record<string, string>;
  note?: string;
  metadata?: Record<string, unknown>;
  manualFinalStatus?: boolean;
}

const status = (m: Pick<NewBankMessage, 'expected' | 'qualification'>) =>
  qualificationStatusOf(
    (m.expected ?? {}) as Parameters<typeof qualificationStatusOf>[0],
    m.qualification ?? {},
  );

/**
 * Refuses expectations that break the bank's rules (pipeline spec §5) or their classifications'
 * value types (testing/classifications.ts), on the field to fix.
 */
const checkExpected = async (
  q: Queryable,
  projectId: string,
  expected: Record<string, unknown> | undefined,
) => {
  if (expected && attachmentLabelsWithoutBody(expected as Parameters<typeof attachmentLabelsWithoutBody>[0]))
    throw validationError([fieldProblem('expected.categories', 'attachmentLabelsNeedBody')]);
  const problems = expectedValueProblems(expected, await classificationReadings(q, projectId));
  if (problems.length > 0) throw validationError(problems);
};

/** Adds a message to a project's bank; answers its id. */
export const insertBankMessage = async (q: Queryable, m: NewBankMessage): Promise<string> => {
  await checkExpected(q, m.projectId, m.expected);
  const id = randomUUID();
  const bytes = m.file?.bytes;
  await q.query(
    `INSERT INTO bank_messages (id, project_id, name, input_type, filename, mime, size, content, input_text,
                                tags, expected, qualification, qualification_status, note, metadata, manual_final_status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, decode($8, 'hex'), $9, $10, $11, $12, $13, $14, $15, $16)`,
    [
      id,
      m.projectId,
      m.name,
      m.inputType,
      m.file?.filename ?? null,
      m.file?.mime ?? null,
      bytes?.length ?? Buffer.byteLength(m.text ?? ''),
      // Hex, as analyses/analysis-inserts.ts putBlob: PGlite decodes bytea parameters byte by byte in JavaScript.
      bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex') : null,
      m.text ?? null,
      m.tags ?? [],
      JSON.stringify(m.expected ?? {}),
      JSON.stringify(m.qualification ?? {}),
      status(m),
      m.note ?? '',
      JSON.stringify(m.metadata ?? {}),
      m.manualFinalStatus ?? false,
    ],
  );
  return id;
};

const emptyText = () =>
  validationError([{ path: 'text', message: 'The text is empty', keyword: 'required', custom: true }]);

/**
 * The total of a list of the whole bank or of one tag, as migration 018 keeps it (bank_counts);
 * undefined for any other query (a search, another filter), whose rows are counted.
 */
const keptTotal = async (q: Queryable, query: ListQuery): Promise<number | undefined> => {
  const { tags, ...others } = query.filter;
  const tag = Array.isArray(tags) && tags.length === 1 ? tags[0] : tags;
  if (
    !query.scopeId ||
    query.q ||
    query.ids ||
    Object.keys(others).length > 0 ||
    Object.keys(query.bounds ?? {}).length > 0 ||
    Object.keys(query.restrict ?? {}).length > 0 ||
    (tag !== undefined && typeof tag !== 'string')
  )
    return undefined;
  const [kept] = await q.query<{ n: number }>(
    `SELECT n FROM bank_counts WHERE project_id = $1 AND tag = $2 AND measure = 'messages'`,
    [query.scopeId, tag ?? ''],
  );
  return kept?.n ?? 0;
};

/**
 * The message bank of a project (its own table: a bank holds up to 100,000 messages). The generated
 * form adds pasted texts; files and simulated mails come through the message-bank routes. The
 * content of a file or mail is never edited: it is what a test runs.
 */
export const bankMessagesStore = (schema: ResourceSchema): ResourceStore => {
  const { reread, ...reads } = sqlReads({
    schema,
    from: 'bank_messages m',
    select: selectOf(columns),
    idExpr: 'm.id',
    scopeExpr: 'm.project_id',
    fields: columns,
    total: keptTotal,
  });
  return {
    ...reads,
    create: async (q, ctx, data) => {
      const text = typeof data.text === 'string' ? data.text : '';
      if (!text.trim()) throw emptyText();
      const id = await insertBankMessage(q, {
        projectId: ctx.scopeId!,
        name: data.name as string,
        inputType: 'text',
        text,
        tags: data.tags as string[],
        expected: data.expected as Record<string, unknown>,
        qualification: data.qualification as Record<string, string>,
        note: data.note as string,
        metadata: data.metadata as Record<string, unknown>,
      });
      return reread(q, id);
    },
    update: async (q, _ctx, before, data) => {
      const isText = before.inputType === 'text';
      if (isText && !(typeof data.text === 'string' && data.text.trim())) throw emptyText();
      await checkExpected(q, String(before.projectId), data.expected as Record<string, unknown> | undefined);
      await q.query(
        `UPDATE bank_messages SET name = $2, input_text = $3, tags = $4, expected = $5, qualification = $6,
                qualification_status = $7, note = $8, metadata = $9, updated_at = now(),
                size = CASE WHEN input_type = 'text' THEN octet_length($3) ELSE size END
         WHERE id = $1`,
        [
          before.id,
          data.name,
          isText ? data.text : null,
          data.tags ?? [],
          JSON.stringify(data.expected ?? {}),
          JSON.stringify(data.qualification ?? {}),
          status(data as Pick<NewBankMessage, 'expected' | 'qualification'>),
          data.note ?? '',
          JSON.stringify(data.metadata ?? {}),
        ],
      );
      return reread(q, before.id);
    },
    delete: async (q, _ctx, before) => {
      await q.query('DELETE FROM bank_messages WHERE id = $1', [before.id]);
    },
  };
};
