import type { Queryable } from '../kernel/db';

/** A bank message as the list shows it (after its creation). */
export const bankMessageRecord = async (q: Queryable, id: string) =>
  (
    await q.query(
      `SELECT id, project_id AS "projectId", name, input_type AS "inputType", filename, size, tags,
              qualification_status AS "qualificationStatus", created_at AS "createdAt"
       FROM bank_messages WHERE id = $1`,
      [id],
    )
  )[0];

/** A bank message's content of the project, to download: its bytes as hex, or its text. */
export const bankMessageContent = async (q: Queryable, id: string, projectId: string) =>
  (
    await q.query<{
      name: string;
      input_type: string;
      filename: string | null;
      mime: string | null;
      hex: string | null;
      input_text: string | null;
    }>(
      `SELECT name, input_type, filename, mime, encode(content, 'hex') AS hex, input_text
       FROM bank_messages WHERE id = $1 AND project_id = $2`,
      [id, projectId],
    )
  )[0];

/** The bank's tags with their message counts, without other users' private tags. */
export const bankTags = (q: Queryable, projectId: string, userId: string) =>
  q.query<{ tag: string; messages: number }>(
    `SELECT tag, count(*)::int AS messages FROM bank_messages, unnest(tags) AS tag
     WHERE project_id = $1
       AND NOT EXISTS (SELECT 1 FROM tag_settings s WHERE s.project_id = $1 AND s.tag = tag.tag
                       AND s.visibility = 'private' AND s.owner_id <> $2)
     GROUP BY tag ORDER BY lower(tag), tag`,
    [projectId, userId],
  );

/** A test of the project's status and scores, or undefined. */
export const testScores = async (q: Queryable, id: string, projectId: string) =>
  (
    await q.query<{ status: string; scores: unknown }>(
      `SELECT status, scores FROM tests WHERE id = $1 AND project_id = $2`,
      [id, projectId],
    )
  )[0];

/** Which analyses a sampling copies, and what the new messages get. */
export interface Sampling {
  projectId: string;
  seesHidden: boolean;
  environmentId: string | null;
  /** The named analyses, or null for a random sample of those matching the filters. */
  ids: string[] | null;
  status: string | null;
  category: string | null;
  createdFrom: string | null;
  createdTo: string | null;
  count: number;
  tags: string[];
  expected: Record<string, unknown>;
  qualification: Record<string, string>;
  qualificationStatus: string;
  audit: { organisationId: string | null; actorId: string; impersonatorId: string | null };
}

/**
 * Copies analyses of the project's environments into its bank, content and all, in one statement
 * with their audit rows: the named ones, or a random sample of those matching the filters. Hidden
 * environments are left out unless `seesHidden`, anonymized analyses always.
 */
export const sampleIntoBank = (q: Queryable, s: Sampling) =>
  q.query<{ id: string; name: string }>(
    `WITH picked AS (
       SELECT a.id, a.name, a.input_type, a.filename, a.mime, a.size, b.bytes, a.input_text, a.metadata
       FROM analyses a
       JOIN environments e ON e.id = a.environment_id AND e.project_id = $1 AND e.deletion_requested_at IS NULL
       LEFT JOIN blobs b ON b.id = a.blob_id
       WHERE a.anonymized_at IS NULL AND (b.id IS NOT NULL OR a.input_text IS NOT NULL)
         AND (e.visibility <> 'hidden' OR $2)
         AND ($3::uuid IS NULL OR a.environment_id = $3)
         AND ($4::uuid[] IS NULL OR a.id = ANY($4))
         AND ($5::text IS NULL OR a.status = $5)
         AND ($6::text IS NULL OR (a.result->'categories')::jsonb @> jsonb_build_array(jsonb_build_object('name', $6::text)))
         AND ($7::timestamptz IS NULL OR a.created_at >= $7)
         AND ($8::timestamptz IS NULL OR a.created_at <= $8)
       ORDER BY CASE WHEN $4::uuid[] IS NULL THEN random() END, a.created_at DESC
       LIMIT $9),
     added AS (
       INSERT INTO bank_messages (id, project_id, name, input_type, filename, mime, size, content, input_text,
                                  tags, expected, qualification, qualification_status, metadata, source_analysis_id)
       SELECT gen_random_uuid(), $1, p.name, p.input_type, p.filename, p.mime, p.size, p.bytes, p.input_text,
              $10, $11, $12, $13, p.metadata, p.id
       FROM picked p
       RETURNING id, name, input_type, source_analysis_id),
     audited AS (
       INSERT INTO audit_logs (id, organisation_id, actor_id, impersonator_id, action, resource, record_id, changes)
       SELECT gen_random_uuid(), $14, $15, $16, 'create', 'messages', a.id,
              jsonb_build_object('name', jsonb_build_object('after', a.name),
                                 'sourceAnalysisId', jsonb_build_object('after', a.source_analysis_id))
       FROM added a)
     SELECT id, name FROM added ORDER BY name, id`,
    [
      s.projectId,
      s.seesHidden,
      s.environmentId,
      s.ids,
      s.status,
      s.category,
      s.createdFrom,
      s.createdTo,
      s.count,
      s.tags,
      JSON.stringify(s.expected),
      JSON.stringify(s.qualification),
      s.qualificationStatus,
      s.audit.organisationId,
      s.audit.actorId,
      s.audit.impersonatorId,
    ],
  );
