import { randomUUID } from 'node:crypto';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import { ClientError } from '../kernel/http/errors';
import { queueMail } from '../kernel/mail/outbox';
import { invitationMail } from '../mail/templates';
import type { Kernel } from '../kernel/plugins/kernel';
import { INVITATION_DAYS, newInvitationToken } from '../resources/invitation-links';
import { selectOf, sqlReads } from '../resources/sql-reads';
import type { Queryable } from '../kernel/db';
import type { MutationContext, ResourceStore } from '../resources/store';
import type { ProjectLevel } from './member-rules';
import { usersRepository } from '../kernel/access/users';
import { fieldProblem } from '../../schemas/detail-messages';

const fields = {
  id: 'i.id',
  email: 'i.email',
  firstname: 'i.firstname',
  lastname: 'i.lastname',
  position: 'i.position',
  role: 'i.role',
  state: 'i.state',
  createdAt: 'i.created_at',
};

/**
 * Invitations of an organisation. Creating one mails a link to the invitee (public routes in
 * server/auth/invitations-routes.ts answer it); deleting one revokes it, its link then leads nowhere.
 * Only pending invitations count for the schema's unique address.
 */
export const invitationsStore = (schema: ResourceSchema, kernel: Kernel): ResourceStore => {
  const { reread, ...reads } = sqlReads({
    schema,
    from: 'invitations i',
    select: selectOf(fields),
    idExpr: 'i.id',
    scopeExpr: 'i.organisation_id',
    // Members waiting to join are listed among the members (members.ts), never here: the
    // administrator must not tell them from new accounts (docs/security.md, "Tenancy and roles").
    where: () => 'NOT i.as_member',
    fields,
  });
  return {
    ...reads,
    conflicts: async (q, scopeId, values, exceptId) =>
      (
        await q.query(
          `SELECT 1 FROM invitations WHERE organisation_id = $1 AND state = 'pending' AND NOT as_member
             AND lower(email) = lower($2) AND id::text <> $3 LIMIT 1`,
          [scopeId, values.email, exceptId ?? ''],
        )
      ).length > 0,

    create: async (q, ctx, data) => {
      // A member waiting to join (created from the members page) is a member here too.
      const member = await q.query(
        `SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id
         WHERE m.organisation_id = $1 AND lower(u.email) = lower($2)
         UNION ALL
         SELECT 1 FROM invitations WHERE organisation_id = $1 AND as_member AND state = 'pending'
           AND lower(email) = lower($2)`,
        [ctx.scopeId, data.email],
      );
      if (member.length > 0) {
        throw new ClientError(409, 'ALREADY_MEMBER', 'This address is already a member of the organisation', {
          details: [fieldProblem('email', 'alreadyMember')],
        });
      }
      const id = await sendInvitation(q, kernel, ctx, data);
      return reread(q, id);
    },

    // The schema offers no edit: an invitation is revoked and sent again instead.
    update: async () => {
      throw new ClientError(405, 'METHOD_NOT_ALLOWED', 'Invitations cannot be edited');
    },

    delete: async (q, _ctx, before) => {
      await q.query('DELETE FROM invitations WHERE id = $1', [before.id]);
    },
  };
};

/**
 * Records an invitation of `data` to the organisation of `ctx` and mails its link (the public routes
 * of server/auth/invitations-routes.ts answer it); `member`: one made from the members page
 * (members.ts), with the proposed username and the project levels given on joining. Answers its id.
 */
export const sendInvitation = async (
  q: Queryable,
  kernel: Kernel,
  ctx: MutationContext,
  data: Record<string, unknown>,
  member?: { username: string; projects: readonly ProjectLevel[] },
): Promise<string> => {
  // Written in the language of the account the address already has, else the inviter's: the
  // account made from the invitation starts with it (docs/decisions/accounts-mail-language.md).
  const account = await usersRepository(q).findByEmail(data.email as string);
  const language = account?.language ?? ctx.actor.language;
  const id = randomUUID();
  const { token, hash } = newInvitationToken();
  await q.query(
    `INSERT INTO invitations (id, organisation_id, email, firstname, lastname, position, role, token_hash,
                              invited_by, expires_at, language, as_member, username, projects)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(days => $10), $11, $12, $13, $14)`,
    [
      id,
      ctx.scopeId,
      data.email,
      data.firstname,
      data.lastname,
      data.position ?? '',
      data.role ?? 'notAdmin',
      hash,
      ctx.actor.id,
      INVITATION_DAYS,
      language,
      member !== undefined,
      member?.username ?? null,
      JSON.stringify(member?.projects ?? []),
    ],
  );
  await mailInvitation(q, kernel, ctx, { email: data.email as string, language, token });
  return id;
};

/**
 * A new link for a member waiting to join whose address changed: the one mailed to the former
 * address stops working (its holder must not make an account with an address they do not have).
 */
export const sendInvitationAgain = async (
  q: Queryable,
  kernel: Kernel,
  ctx: MutationContext,
  id: string,
  email: string,
) => {
  const account = await usersRepository(q).findByEmail(email);
  const language = account?.language ?? ctx.actor.language;
  const { token, hash } = newInvitationToken();
  await q.query(
    `UPDATE invitations SET token_hash = $2, language = $3, expires_at = now() + make_interval(days => $4)
     WHERE id = $1`,
    [id, hash, language, INVITATION_DAYS],
  );
  await mailInvitation(q, kernel, ctx, { email, language, token });
};

/** The invitation's mail, with its link, in the invitee's language. */
const mailInvitation = async (
  q: Queryable,
  kernel: Kernel,
  ctx: MutationContext,
  { email, language, token }: { email: string; language: 'fr' | 'en'; token: string },
) => {
  const [org] = await q.query<{ name: string }>('SELECT name FROM organisations WHERE id = $1', [
    ctx.scopeId,
  ]);
  const mail = invitationMail(language, {
    link: `${kernel.config.publicUrl}/invitation/${token}`,
    organisationName: org.name,
    inviter: `${ctx.actor.firstname} ${ctx.actor.lastname}`.trim() || ctx.actor.username,
    validDays: INVITATION_DAYS,
  });
  await queueMail(q, kernel.queue, { to: email, ...mail });
};
