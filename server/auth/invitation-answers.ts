import type { InvitationView } from '../../schemas/contracts/invitations';
import { attemptCounters, signInLimits } from './login-throttle';
import { hashPassword, passwordPolicyDetails, verifyPassword } from './passwords';
import { ClientError } from '../kernel/http/errors';
import type { Kernel } from '../kernel/plugins/kernel';
import { usersRepository, type UserRow } from '../kernel/access/users';
import { writeAudit } from '../resources/audit';
import { answerInvitation, findPendingInvitation, type PendingInvitation } from '../resources/invitation-links';
import { validationError } from '../resources/validation';
import { fieldProblem } from '../../schemas/detail-messages';

const invalid = () =>
  new ClientError(
    404,
    'INVITATION_INVALID',
    'This invitation is invalid, has expired or was already answered.',
  );

const audit = (
  q: Parameters<typeof writeAudit>[0],
  inv: PendingInvitation,
  state: string,
  actorId?: string,
) =>
  writeAudit(q, {
    organisationId: inv.organisation_id,
    actorId,
    action: 'update',
    resource: 'invitations',
    recordId: inv.id,
    before: { state: 'pending' },
    after: { state },
  });

/**
 * What the invitee does with the link: read it, accept it (with a new account, or the password of
 * the account that already has the address), or decline it. Each answer counts once.
 */
export const invitationAnswers = (kernel: Kernel) => {
  const { db, config } = kernel;
  const counters = attemptCounters(db);
  const limits = signInLimits(config.loginLimits);
  const pending = async (token: string) => {
    const inv = await findPendingInvitation(db, token);
    if (!inv) throw invalid();
    return inv;
  };

  /** The existing account's password, counted like a sign-in (same throttle) since it is one. */
  const checkPassword = async (user: UserRow, password: string, address: string) => {
    const untrusted = [limits.account(user.username), limits.address(address)];
    const reservation = await counters.reserve(untrusted);
    if ('retryAfter' in reservation)
      throw new ClientError(429, 'TOO_MANY_ATTEMPTS', 'Too many failed attempts. Try again later.', {
        retryAfter: reservation.retryAfter,
        params: { minutes: Math.ceil(reservation.retryAfter / 60) },
      });
    if (await verifyPassword(password, user.password_hash)) {
      // As a sign-in: the account's failures are forgotten, the address gets this attempt back.
      await counters.clear([untrusted[0].key]);
      await counters.release([untrusted[1].key]);
      return;
    }
    throw new ClientError(400, 'PASSWORD_INCORRECT', 'The password is incorrect. Please verify your input.', {
      details: [fieldProblem('password', 'passwordIncorrect')],
    });
  };

  /** A new account's password is hashed before the transaction: scrypt is slow on purpose. */
  const newAccountHash = async (username: string | undefined, password: string) => {
    if (!username) throw validationError([{ path: 'username', message: 'is required' }]);
    const broken = passwordPolicyDetails(password);
    if (broken.length > 0)
      throw new ClientError(400, 'PASSWORD_POLICY', broken.map((b) => b.message).join('; '), {
        details: broken,
      });
    return hashPassword(password);
  };

  return {
    view: async (token: string): Promise<InvitationView> => {
      const inv = await pending(token);
      return {
        organisationName: inv.organisation_name,
        email: inv.email,
        firstname: inv.firstname,
        lastname: inv.lastname,
        state: inv.state,
        accountExists: (await usersRepository(db).findByEmail(inv.email)) !== undefined,
        ...(inv.username ? { username: inv.username } : {}),
      };
    },

    accept: async (
      token: string,
      body: { username?: string; password: string },
      address: string,
    ): Promise<UserRow> => {
      const inv = await pending(token);
      const existing = await usersRepository(db).findByEmail(inv.email);
      const username = body.username?.trim();
      let passwordHash: string | null = null;
      if (existing) await checkPassword(existing, body.password, address);
      else passwordHash = await newAccountHash(username, body.password);
      return db.transaction(async (tx) => {
        if (!(await answerInvitation(tx, inv.id, 'accepted'))) throw invalid();
        const users = usersRepository(tx);
        let user = existing;
        if (!user) {
          if (await users.findByUsername(username as string))
            throw new ClientError(409, 'USERNAME_TAKEN', 'This username is already used', {
              details: [fieldProblem('username', 'usernameTaken')],
            });
          const { email, firstname, lastname } = inv;
          user = await users.create({
            username: username as string,
            email,
            firstname,
            lastname,
            passwordHash,
            language: inv.language,
          });
        }
        await tx.query(
          `INSERT INTO memberships (organisation_id, user_id, is_admin, position) VALUES ($1, $2, $3, $4)
           ON CONFLICT (organisation_id, user_id) DO NOTHING`,
          [inv.organisation_id, user.id, inv.role === 'admin', inv.position],
        );
        // A member created from the members page joins with the levels its administrator gave.
        await tx.query(
          `INSERT INTO project_access (project_id, user_id, level)
           SELECT p.id, $3, l.access FROM jsonb_to_recordset($2::jsonb) AS l("projectId" uuid, access text)
           JOIN projects p ON p.id = l."projectId" AND p.organisation_id = $1
           ON CONFLICT DO NOTHING`,
          [inv.organisation_id, JSON.stringify(inv.projects), user.id],
        );
        await audit(tx, inv, 'accepted', user.id);
        return user;
      });
    },

    decline: async (token: string): Promise<void> => {
      const inv = await pending(token);
      await db.transaction(async (tx) => {
        if (!(await answerInvitation(tx, inv.id, 'declined'))) throw invalid();
        // Nobody is signed in: the link holder declines, the row has no actor.
        await audit(tx, inv, 'declined');
      });
    },
  };
};
