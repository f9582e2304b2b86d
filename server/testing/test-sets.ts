import type { TagVisibility, TagVisibilityRecord, TestSet } from '../../schemas/contracts/test-sets';
import type { Queryable } from '../kernel/db';
import { ClientError } from '../kernel/http/errors';
import { writeAudit } from '../resources/audit';

/**
 * Who asks, as the tag rules need it: `manages` is a project configurator, an organisation
 * administrator or platform staff, who may change any tag's visibility.
 */
export interface TagCaller {
  projectId: string;
  organisationId: string | undefined;
  userId: string;
  impersonatorId?: string;
  manages: boolean;
}

// $1 the project, $2 the caller, $3 whether the caller manages the project's tags. A tag without a
// settings row (s.* null) is public and anyone's to change.
const MAY_CHANGE = `(s.owner_id IS NULL OR s.owner_id = $2 OR $3::boolean)`;
const SHOWN = `(s.visibility IS DISTINCT FROM 'private' OR s.owner_id = $2)`;

type Row = {
  tag: string;
  visibility: TagVisibility | null;
  ownerId: string | null;
  ownerName: string | null;
  mayChange: boolean;
};

const visibilityOf = (row: Row): TagVisibilityRecord => ({
  tag: row.tag,
  visibility: row.visibility ?? 'public',
  ownerId: row.ownerId,
  ownerName: row.ownerName,
  mayChange: row.mayChange,
});

const iso = (value: unknown) => new Date(value as string | Date).toISOString();

/**
 * The caller's test sets: every tag of the bank that is public or the caller's own, with its
 * message counts (kept by the bank, migration 018) and the project's latest test of it. Qualified
 * only when every message is.
 */
export const listTestSets = async (q: Queryable, caller: TagCaller): Promise<TestSet[]> => {
  const rows = await q.query<
    Row & {
      messages: number;
      qualified: number;
      last_id: string | null;
      last_status: NonNullable<TestSet['lastTest']>['status'] | null;
      last_created_at: string | Date | null;
    }
  >(
    `WITH counted AS (
       SELECT tag, max(n) FILTER (WHERE measure = 'messages') AS messages,
              COALESCE(max(n) FILTER (WHERE measure = 'status:qualified'), 0) AS qualified
       FROM bank_counts WHERE project_id = $1 AND tag <> '' AND measure IN ('messages', 'status:qualified')
       GROUP BY tag HAVING max(n) FILTER (WHERE measure = 'messages') > 0),
     latest AS (
       SELECT DISTINCT ON (tag) tag, id, status, created_at FROM tests
       WHERE project_id = $1 ORDER BY tag, created_at DESC)
     SELECT c.tag, c.messages, c.qualified, s.visibility, s.owner_id AS "ownerId", u.username AS "ownerName",
            ${MAY_CHANGE} AS "mayChange", l.id AS last_id, l.status AS last_status, l.created_at AS last_created_at
     FROM counted c
     LEFT JOIN tag_settings s ON s.project_id = $1 AND s.tag = c.tag
     LEFT JOIN users u ON u.id = s.owner_id
     LEFT JOIN latest l ON l.tag = c.tag
     WHERE ${SHOWN}
     ORDER BY lower(c.tag), c.tag`,
    [caller.projectId, caller.userId, caller.manages],
  );
  return rows.map((row) => ({
    ...visibilityOf(row),
    messages: row.messages,
    qualified: row.qualified,
    status: row.qualified === row.messages ? 'qualified' : 'not_qualified',
    lastTest:
      row.last_id && row.last_status && row.last_created_at
        ? { id: row.last_id, status: row.last_status, createdAt: iso(row.last_created_at) }
        : null,
  }));
};

const SETTINGS = `SELECT s.tag, s.visibility, s.owner_id AS "ownerId", u.username AS "ownerName",
                         ${MAY_CHANGE} AS "mayChange"
                  FROM tag_settings s JOIN users u ON u.id = s.owner_id
                  WHERE s.project_id = $1`;

/**
 * The tags whose visibility was ever set, as the caller may see them: public ones, the caller's
 * own, and others' private ones that a test of the project names (the tests list shows them).
 */
export const listTagVisibilities = async (q: Queryable, caller: TagCaller): Promise<TagVisibilityRecord[]> =>
  (
    await q.query<Row>(
      `${SETTINGS} AND (${SHOWN} OR EXISTS (SELECT 1 FROM tests t WHERE t.project_id = $1 AND t.tag = s.tag))
       ORDER BY lower(s.tag), s.tag`,
      [caller.projectId, caller.userId, caller.manages],
    )
  ).map(visibilityOf);

const tagNotFound = (tag: string) =>
  new ClientError(404, 'TAG_NOT_FOUND', `No message or test of the project carries the tag '${tag}'`, {
    params: { tag },
  });

const notOwner = (tag: string, owner: string) =>
  new ClientError(403, 'TAG_NOT_OWNER', `Only ${owner}, who made the tag '${tag}' private, may change it`, {
    params: { tag, owner },
  });

/**
 * Makes a tag public or private, in the caller's transaction, with its audit row. Making it private
 * makes the caller its owner; asking for the visibility it has changes nothing. Another user's tag
 * is refused unless the caller manages the project's tags.
 */
export const setTagVisibility = async (
  q: Queryable,
  caller: TagCaller,
  tag: string,
  visibility: TagVisibility,
): Promise<TagVisibilityRecord> => {
  const params = [caller.projectId, caller.userId, caller.manages, tag];
  const read = async () => (await q.query<Row>(`${SETTINGS} AND s.tag = $4 FOR UPDATE OF s`, params))[0];
  const before = await read();
  if (!before) {
    const [used] = await q.query(
      `SELECT 1 FROM bank_messages WHERE project_id = $1 AND tags @> ARRAY[$2::text]
       UNION ALL SELECT 1 FROM tests WHERE project_id = $1 AND tag = $2 LIMIT 1`,
      [caller.projectId, tag],
    );
    if (!used) throw tagNotFound(tag);
  }
  const current = before?.visibility ?? 'public';
  if (current === visibility)
    return visibilityOf(before ?? { tag, visibility: null, ownerId: null, ownerName: null, mayChange: true });
  if (before && !before.mayChange) throw notOwner(tag, before.ownerName ?? '');
  // Whoever makes a tag private owns it from then on; made public, it keeps its owner.
  await q.query(
    `INSERT INTO tag_settings (project_id, tag, visibility, owner_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (project_id, tag) DO UPDATE SET visibility = EXCLUDED.visibility,
       owner_id = CASE WHEN EXCLUDED.visibility = 'private' THEN EXCLUDED.owner_id ELSE tag_settings.owner_id END`,
    [caller.projectId, tag, visibility, caller.userId],
  );
  const after = (await read())!;
  await writeAudit(q, {
    organisationId: caller.organisationId,
    actorId: caller.userId,
    impersonatorId: caller.impersonatorId,
    action: before ? 'update' : 'create',
    resource: 'test-sets',
    recordId: `${caller.projectId}/${tag}`,
    before: before ? { visibility: before.visibility, ownerId: before.ownerId } : undefined,
    after: { tag, visibility: after.visibility, ownerId: after.ownerId },
  });
  return visibilityOf(after);
};
