import { z } from 'zod';
import { defineCall } from './define';

/**
 * The invitee's side of an invitation (no token needed): the link mailed by the organisation
 * (`/invitation/{token}` in the console) reads it, then accepts or declines it.
 */

const params = z.object({ token: z.string().min(1).max(200) });

export const invitationView = z.object({
  organisationName: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  state: z.enum(['pending', 'accepted', 'declined']),
  /** An account with the invited address exists: accepting asks for its password, not a new username. */
  accountExists: z.boolean(),
  /** The username the organisation proposed (a member created from its members page), for a new account. */
  username: z.string().optional(),
});
export type InvitationView = z.infer<typeof invitationView>;

export const getInvitation = defineCall({
  method: 'GET',
  path: '/invitations/{token}',
  params,
  response: invitationView,
});

/**
 * New account: `{ username, password }` (password policy of spec §5). Existing account: `{ password }`
 * of that account. Answers a session token for the account that joined.
 */
export const acceptInvitation = defineCall({
  method: 'POST',
  path: '/invitations/{token}/accept',
  params,
  body: z.object({
    username: z.string().trim().min(1).max(180).optional(),
    password: z.string().min(1).max(4096),
  }),
  response: z.object({ token: z.string() }),
});

export const declineInvitation = defineCall({
  method: 'POST',
  path: '/invitations/{token}/decline',
  params,
});
