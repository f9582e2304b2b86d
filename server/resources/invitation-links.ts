import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../kernel/db';
import { first } from '../kernel/db';

/** How long an invitation link stays valid. */
export const INVITATION_DAYS = 14;

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A fresh link token and the hash the table keeps (the token itself only travels by mail). */
export const newInvitationToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
};

export interface PendingInvitation {
  id: string;
  organisation_id: string;
  organisation_name: string;
  email: string;
  firstname: string;
  lastname: string;
  position: string;
  role: 'admin' | 'notAdmin';
  state: 'pending';
  /** The language the invitee is written to, and the new account's (migration 024). */
  language: 'fr' | 'en';
  /** A member created from the members page (migration 031): its proposed username and project levels. */
  username: string | null;
  projects: { projectId: string; access: string }[];
  [key: string]: unknown;
}

/** The invitation behind a link while it can still be answered: pending and not expired. */
export const findPendingInvitation = (q: Queryable, token: string) =>
  first(
    q.query<PendingInvitation>(
      `SELECT i.*, o.name AS organisation_name FROM invitations i
       JOIN organisations o ON o.id = i.organisation_id
       WHERE i.token_hash = $1 AND i.state = 'pending' AND i.expires_at > now()`,
      [hashInvitationToken(token)],
    ),
  );

/**
 * Answers a pending invitation, once: false when another request answered it first (or it
 * expired meanwhile), so accepting twice cannot add two memberships.
 */
export const answerInvitation = async (
  q: Queryable,
  id: string,
  state: 'accepted' | 'declined',
): Promise<boolean> =>
  (
    await q.query(
      `UPDATE invitations SET state = $2, answered_at = now()
       WHERE id = $1 AND state = 'pending' AND expires_at > now() RETURNING id`,
      [id, state],
    )
  ).length === 1;
