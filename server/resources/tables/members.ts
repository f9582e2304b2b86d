import type { ResourceSchema } from '../../../schemas/_defs/admin';
import { resetTokens } from '../../auth/reset-tokens';
import type { Queryable } from '../../db';
import { queueMail } from '../../mail/outbox';
import { accountCreatedMail } from '../../mail/templates';
import type { Platform } from '../../platform';
import { usersRepository } from '../../repositories/users';
import { selectOf, sqlReads } from '../sql-reads';
import type { MutationContext, ResourceRecord, ResourceStore } from '../store';
import {
  checkAccountEditable,
  checkProjectLevels,
  keepAnAdmin,
  setProjectLevels,
  type ProjectLevel,
} from './member-rules';

/** How long the set-password link of a new account lasts. */
const SET_PASSWORD_DAYS = 7;

const fields = {
  id: 'u.id',
  firstname: 'u.firstname',
  lastname: 'u.lastname',
  username: 'u.username',
  email: 'u.email',
  position: 'm.position',
  role: "CASE WHEN m.is_admin THEN 'admin' ELSE 'notAdmin' END",
  createdAt: 'm.created_at',
};
const projectsOfMember = `coalesce((
  SELECT jsonb_agg(jsonb_build_object('projectId', pa.project_id, 'access', pa.level) ORDER BY pa.project_id)
  FROM project_access pa JOIN projects p ON p.id = pa.project_id
  WHERE pa.user_id = u.id AND p.organisation_id = m.organisation_id), '[]'::jsonb)`;

/** Members are always addressed under their organisation: the context carries its id. */
const organisationOf = (ctx: MutationContext) => ctx.scopeId as string;

/** The account columns live in users: usernames and emails are unique across the platform. */
const ACCOUNT_COLUMNS: Record<string, string> = { username: 'username', email: 'email' };

/**
 * Members of an organisation: an account (users), its membership (role, position) and its levels
 * on the organisation's projects. Creating one creates the account without a password and mails a
 * one-use link to set it; removing one ends the membership, never the account.
 */
export const membersStore = (schema: ResourceSchema, platform: Platform): ResourceStore => {
  const { reread: _unscoped, ...reads } = sqlReads({
    schema,
    from: 'memberships m JOIN users u ON u.id = m.user_id',
    select: `${selectOf(fields)}, ${projectsOfMember} AS projects`,
    idExpr: 'u.id',
    scopeExpr: 'm.organisation_id',
    fields,
  });
  // A user may belong to several organisations: read back within the one being changed.
  const reread = async (q: Queryable, ctx: MutationContext, id: string) =>
    (await reads.get(q, ctx.scopeId, id)) as ResourceRecord;
  const levelsOf = (data: Record<string, unknown>) => (data.projects ?? []) as ProjectLevel[];

  return {
    ...reads,
    conflicts: async (q, scopeId, values, exceptId) => {
      const account = Object.keys(values).filter((f) => ACCOUNT_COLUMNS[f]);
      if (account.length === 0) return reads.conflicts(q, scopeId, values, exceptId);
      const where = account.map((f, i) => `lower(${ACCOUNT_COLUMNS[f]}) = lower($${i + 2})`).join(' AND ');
      const rows = await q.query(`SELECT 1 FROM users WHERE id::text <> $1 AND ${where} LIMIT 1`, [
        exceptId ?? '',
        ...account.map((f) => values[f]),
      ]);
      return rows.length > 0;
    },

    create: async (q, ctx, data) => {
      const organisationId = organisationOf(ctx);
      await checkProjectLevels(q, organisationId, levelsOf(data));
      // A new account reads its creator's language until it chooses its own.
      const user = await usersRepository(q).create({
        language: ctx.actor.language,
        username: data.username as string,
        email: data.email as string,
        firstname: data.firstname as string,
        lastname: data.lastname as string,
        passwordHash: null,
      });
      await q.query(
        'INSERT INTO memberships (organisation_id, user_id, is_admin, position) VALUES ($1, $2, $3, $4)',
        [organisationId, user.id, data.role === 'admin', data.position],
      );
      await setProjectLevels(q, organisationId, user.id, levelsOf(data));
      const token = await resetTokens(q).issue(user.id, 'forgotten', SET_PASSWORD_DAYS * 86_400);
      const [org] = await q.query<{ name: string }>('SELECT name FROM organisations WHERE id = $1', [
        organisationId,
      ]);
      const mail = accountCreatedMail(user.language, {
        link: `${platform.config.publicUrl}/reset-password/${token}`,
        organisationName: org.name,
        username: user.username,
        validDays: SET_PASSWORD_DAYS,
      });
      await queueMail(q, platform.queue, { to: user.email, ...mail });
      return reread(q, ctx, user.id);
    },

    update: async (q, ctx, before, data) => {
      const organisationId = organisationOf(ctx);
      await checkAccountEditable(q, organisationId, ctx.actor.id, before, data);
      if (before.role === 'admin' && data.role !== 'admin') await keepAnAdmin(q, organisationId, before.id);
      await checkProjectLevels(q, organisationId, levelsOf(data));
      await q.query(
        'UPDATE users SET firstname = $2, lastname = $3, username = $4, email = $5 WHERE id = $1',
        [before.id, data.firstname, data.lastname, data.username, data.email],
      );
      await q.query(
        'UPDATE memberships SET is_admin = $3, position = $4 WHERE organisation_id = $1 AND user_id = $2',
        [organisationId, before.id, data.role === 'admin', data.position],
      );
      await setProjectLevels(q, organisationId, before.id, levelsOf(data));
      return reread(q, ctx, before.id);
    },

    delete: async (q, ctx, before) => {
      const organisationId = organisationOf(ctx);
      if (before.role === 'admin') await keepAnAdmin(q, organisationId, before.id);
      await setProjectLevels(q, organisationId, before.id, []);
      await q.query('DELETE FROM memberships WHERE organisation_id = $1 AND user_id = $2', [
        organisationId,
        before.id,
      ]);
    },
  };
};
