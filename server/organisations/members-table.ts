import type { ResourceSchema } from '../../schemas/_defs/admin';
import { resetTokens } from '../kernel/access/reset-tokens';
import type { Queryable } from '../kernel/db';
import { queueMail } from '../kernel/mail/outbox';
import { accountCreatedMail } from '../mail/templates';
import type { Kernel } from '../kernel/plugins/kernel';
import { usersRepository } from '../kernel/access/users';
import { selectOf, sqlReads } from '../resources/sql-reads';
import { sendInvitation, sendInvitationAgain } from './invitations-table';
import type { MutationContext, ResourceRecord, ResourceStore } from '../resources/store';
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
  id: 'x.id',
  firstname: 'x.firstname',
  lastname: 'x.lastname',
  username: 'x.username',
  email: 'x.email',
  position: 'x.position',
  role: "CASE WHEN x.is_admin THEN 'admin' ELSE 'notAdmin' END",
  createdAt: 'x.created_at',
};
/**
 * The members of every organisation: memberships with their accounts, and the members waiting to
 * join (an invitation made from the members page: an account elsewhere has the address or the
 * username), shown as the administrator typed them, the same way (docs/security.md, "Tenancy and roles").
 */
const MEMBERS = `(
  SELECT m.organisation_id, u.id, u.firstname, u.lastname, u.username, u.email, m.position, m.is_admin,
         m.created_at, NULL::jsonb AS waiting_projects
  FROM memberships m JOIN users u ON u.id = m.user_id
  UNION ALL
  SELECT i.organisation_id, i.id, i.firstname, i.lastname, i.username, i.email, i.position,
         i.role = 'admin', i.created_at, i.projects
  FROM invitations i WHERE i.as_member AND i.state = 'pending'
) x`;
const projectsOfMember = `coalesce(x.waiting_projects, (
  SELECT jsonb_agg(jsonb_build_object('projectId', pa.project_id, 'access', pa.level) ORDER BY pa.project_id)
  FROM project_access pa JOIN projects p ON p.id = pa.project_id
  WHERE pa.user_id = x.id AND p.organisation_id = x.organisation_id), '[]'::jsonb)`;

/** Members are always addressed under their organisation: the context carries its id. */
const organisationOf = (ctx: MutationContext) => ctx.scopeId as string;

/** A member waiting to join (MEMBERS), by its id: the invitation that stands for it. */
const waitingMember = async (q: Queryable, organisationId: string, id: string) =>
  (
    await q.query(
      `SELECT 1 FROM invitations WHERE id = $1 AND organisation_id = $2 AND as_member AND state = 'pending'`,
      [id, organisationId],
    )
  ).length > 0;

/**
 * Members of an organisation: an account (users), its membership (role, position) and its levels
 * on the organisation's projects. Creating one creates the account without a password and mails a
 * one-use link to set it — or, when an account elsewhere has its address or username, invites the
 * address, listed the same way until answered; removing one ends the membership, never the account.
 */
export const membersStore = (schema: ResourceSchema, kernel: Kernel): ResourceStore => {
  const { reread: _unscoped, ...reads } = sqlReads({
    schema,
    from: MEMBERS,
    select: `${selectOf(fields)}, ${projectsOfMember} AS projects`,
    idExpr: 'x.id',
    scopeExpr: 'x.organisation_id',
    fields,
  });
  // A user may belong to several organisations: read back within the one being changed.
  const reread = async (q: Queryable, ctx: MutationContext, id: string) =>
    (await reads.get(q, ctx.scopeId, id)) as ResourceRecord;
  const levelsOf = (data: Record<string, unknown>) => (data.projects ?? []) as ProjectLevel[];

  return {
    ...reads,
    // Within the organisation only: its administrator sees its own members (and invitations), never
    // whether an account elsewhere has a username or an address (docs/security.md, "Tenancy and roles").
    conflicts: async (q, scopeId, values, exceptId) => {
      if (await reads.conflicts(q, scopeId, values, exceptId)) return true;
      if (typeof values.email !== 'string') return false;
      const invited = await q.query(
        `SELECT 1 FROM invitations WHERE organisation_id = $1 AND state = 'pending' AND lower(email) = lower($2)
           AND id::text <> $3 LIMIT 1`,
        [scopeId, values.email, exceptId ?? ''],
      );
      return invited.length > 0;
    },

    create: async (q, ctx, data) => {
      const organisationId = organisationOf(ctx);
      await checkProjectLevels(q, organisationId, levelsOf(data));
      const users = usersRepository(q);
      const username = data.username as string;
      // An account elsewhere has the address or the username: no second account, and no answer
      // that says so. The address is invited instead (the account that has it joins with its
      // password; a new one chooses its username on accepting), and the member is listed as
      // typed until then (docs/decisions/hardening-member-creation.md).
      if ((await users.findByEmail(data.email as string)) || (await users.findByUsername(username))) {
        const id = await sendInvitation(q, kernel, ctx, data, { username, projects: levelsOf(data) });
        return reread(q, ctx, id);
      }
      // A new account reads its creator's language until it chooses its own.
      const user = await users.create({
        language: ctx.actor.language,
        username,
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
        link: `${kernel.config.publicUrl}/reset-password/${token}`,
        organisationName: org.name,
        username: user.username,
        validDays: SET_PASSWORD_DAYS,
      });
      await queueMail(q, kernel.queue, { to: user.email, ...mail });
      return reread(q, ctx, user.id);
    },

    update: async (q, ctx, before, data) => {
      const organisationId = organisationOf(ctx);
      if (await waitingMember(q, organisationId, before.id)) {
        // Waiting to join: what it joins with changes; a new address gets a new link.
        await checkProjectLevels(q, organisationId, levelsOf(data));
        await q.query(
          `UPDATE invitations SET firstname = $2, lastname = $3, username = $4, email = $5, position = $6,
                                  role = $7, projects = $8
           WHERE id = $1`,
          [
            before.id,
            data.firstname,
            data.lastname,
            data.username,
            data.email,
            data.position,
            data.role,
            JSON.stringify(levelsOf(data)),
          ],
        );
        if (String(data.email).toLowerCase() !== String(before.email).toLowerCase())
          await sendInvitationAgain(q, kernel, ctx, before.id, data.email as string);
        return reread(q, ctx, before.id);
      }
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
      // Waiting to join: the invitation is revoked, its link then leads nowhere.
      if (await waitingMember(q, organisationId, before.id)) {
        await q.query('DELETE FROM invitations WHERE id = $1', [before.id]);
        return;
      }
      if (before.role === 'admin') await keepAnAdmin(q, organisationId, before.id);
      await setProjectLevels(q, organisationId, before.id, []);
      await q.query('DELETE FROM memberships WHERE organisation_id = $1 AND user_id = $2', [
        organisationId,
        before.id,
      ]);
    },
  };
};
