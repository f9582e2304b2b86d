import type { Queryable } from '../kernel/db';
import { ClientError } from '../kernel/http/errors';
import { validationError, type FieldError } from '../resources/validation';

export interface ProjectLevel {
  projectId: string;
  access: 'configurator' | 'qualifier' | 'cockpit' | 'noAccess';
}

/** Project levels name projects of this organisation only, each once. */
export const checkProjectLevels = async (
  q: Queryable,
  organisationId: string,
  levels: readonly ProjectLevel[],
): Promise<void> => {
  const own = new Set(
    (
      await q.query<{ id: string }>('SELECT id FROM projects WHERE organisation_id = $1', [organisationId])
    ).map((p) => p.id),
  );
  const errors: FieldError[] = [];
  levels.forEach(({ projectId }, i) => {
    const path = `projects.${i}.projectId`;
    if (!own.has(projectId)) errors.push({ path, message: 'is not a project of this organisation' });
    else if (levels.findIndex((l) => l.projectId === projectId) !== i)
      errors.push({ path, message: 'is listed twice' });
  });
  if (errors.length > 0) throw validationError(errors);
};

/** Replaces the member's levels on this organisation's projects (other organisations' stay). */
export const setProjectLevels = async (
  q: Queryable,
  organisationId: string,
  userId: string,
  levels: readonly ProjectLevel[],
): Promise<void> => {
  await q.query(
    `DELETE FROM project_access WHERE user_id = $1
       AND project_id IN (SELECT id FROM projects WHERE organisation_id = $2)`,
    [userId, organisationId],
  );
  for (const { projectId, access } of levels) {
    await q.query('INSERT INTO project_access (project_id, user_id, level) VALUES ($1, $2, $3)', [
      projectId,
      userId,
      access,
    ]);
  }
};

/** An organisation always keeps an administrator: nobody removes or demotes the last one. */
export const keepAnAdmin = async (q: Queryable, organisationId: string, leavingUserId: string) => {
  const [{ n }] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM memberships WHERE organisation_id = $1 AND is_admin AND user_id <> $2',
    [organisationId, leavingUserId],
  );
  if (n === 0) {
    throw new ClientError(409, 'LAST_ADMIN', 'The organisation must keep at least one administrator');
  }
};

const ACCOUNT_FIELDS = ['firstname', 'lastname', 'username', 'email'] as const;

/**
 * The account (names, username, email) belongs to its owner once it serves elsewhere too: an
 * administrator of one organisation must not redirect the mail of someone who also belongs to
 * another (a password reset would follow the new address).
 */
export const checkAccountEditable = async (
  q: Queryable,
  organisationId: string,
  actorId: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) => {
  if (before.id === actorId || ACCOUNT_FIELDS.every((f) => before[f] === after[f])) return;
  const [{ shared }] = await q.query<{ shared: boolean }>(
    `SELECT (EXISTS (SELECT 1 FROM memberships WHERE user_id = $1 AND organisation_id <> $2)
             OR EXISTS (SELECT 1 FROM users WHERE id = $1 AND is_staff)) AS shared`,
    [before.id, organisationId],
  );
  if (shared) {
    throw new ClientError(
      409,
      'MEMBER_ACCOUNT_SHARED',
      'This account also belongs to another organisation: only its owner changes its names, username and email',
    );
  }
};
