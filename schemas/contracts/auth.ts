import { z } from 'zod';
import { defineCall } from './define';

/** Sign-in and account calls of spec platform-shell §7, with the paths and payloads it gives. */

export const errorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  refreshToken: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const projectAccessLevel = z.enum(['configurator', 'qualifier', 'cockpit', 'noAccess']);
export type ProjectAccessLevel = z.infer<typeof projectAccessLevel>;

export const preferences = z.object({
  /** Home page for legacy (IC) projects: which page a legacy project opens on. */
  legacyHome: z.enum(['analyses', 'dashboard']).optional(),
});
export type Preferences = z.infer<typeof preferences>;

/** The language a user reads: the console's, and every mail sent to them (docs/decisions/accounts-mail-language.md). */
export const userLanguage = z.enum(['fr', 'en']);
export type UserLanguage = z.infer<typeof userLanguage>;

export const currentUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  /** Self-service (light) account: sees the self-service area only. */
  isLight: z.boolean(),
  /** Platform-wide role: staff are the platform's technical administrators. */
  role: z.enum(['staff', 'user']),
  organisations: z.record(
    z.string(),
    z.object({
      id: z.string(),
      name: z.string(),
      role: z.enum(['admin', 'notAdmin']),
      projects: z.record(
        z.string(),
        z.object({
          id: z.string(),
          name: z.string(),
          access: projectAccessLevel,
          /** The user's own marks (spec §3): favourites come first, quick access ones are in the menu. */
          favourite: z.boolean(),
          quickAccess: z.boolean(),
        }),
      ),
    }),
  ),
  preferences,
  /** Saved when the user switches language in the console; mails to the user are written in it. */
  language: userLanguage,
});
export type CurrentUser = z.infer<typeof currentUser>;

const username = z.string().trim().min(1).max(180);

export const loginCheck = defineCall({
  method: 'POST',
  path: '/api/login_check',
  body: z.object({ username, password: z.string().min(1).max(4096) }),
  response: z.object({ token: z.string() }),
});

export const getCurrentUser = defineCall({
  method: 'GET',
  path: '/v4/console/api/user',
  response: currentUser,
});

export const updatePreferences = defineCall({
  method: 'PATCH',
  path: '/v4/console/api/user/preferences',
  body: preferences,
  response: preferences,
});

export const updateLanguage = defineCall({
  method: 'PUT',
  path: '/v4/console/api/user/language',
  body: z.object({ language: userLanguage }),
  response: z.object({ language: userLanguage }),
});

export const changePassword = defineCall({
  method: 'PUT',
  path: '/v4/console/api/user/password',
  body: z.object({ currentPassword: z.string().min(1).max(4096), newPassword: z.string().min(1).max(4096) }),
  /** A fresh token: changing the password revokes every earlier one, this session's included. */
  response: z.object({ token: z.string() }),
});

/**
 * One session of a user (docs/security.md, "Sessions"): a token issued at sign-in, until it expires,
 * its user logs out or it is revoked. `current` marks the session of the token that asks.
 */
export const sessionSummary = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  /** The User-Agent header of the sign-in, as sent (the console summarises it). */
  userAgent: z.string(),
  /** The client address of the sign-in. */
  address: z.string(),
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;

const sessionParams = z.object({ sessionId: z.string().min(1).max(100) });
const userSessionParams = z.object({ userId: z.string().min(1).max(100) });

/** Ends this session on the server: its token is refused from then on, by every process. */
export const logout = defineCall({
  method: 'POST',
  path: '/v4/console/api/user/logout',
});

/** The signed-in user's live sessions (the acted-as user's under impersonation). */
export const listMySessions = defineCall({
  method: 'GET',
  path: '/v4/console/api/user/sessions',
  response: z.array(sessionSummary),
});

/** Revokes one of the user's sessions (this one included: that is a logout). */
export const revokeMySession = defineCall({
  method: 'DELETE',
  path: '/v4/console/api/user/sessions/{sessionId}',
  params: sessionParams,
});

/** Revokes every session of the user but this one. */
export const revokeMyOtherSessions = defineCall({
  method: 'DELETE',
  path: '/v4/console/api/user/sessions',
  response: z.object({ revoked: z.number() }),
});

/** A member's live sessions, for an administrator of their organisation or platform staff. */
export const listUserSessions = defineCall({
  method: 'GET',
  path: '/v4/console/api/users/{userId}/sessions',
  params: userSessionParams,
  response: z.array(sessionSummary),
});

export const revokeUserSession = defineCall({
  method: 'DELETE',
  path: '/v4/console/api/users/{userId}/sessions/{sessionId}',
  params: userSessionParams.extend(sessionParams.shape),
});

/** Revokes every session of the member: signed out everywhere. */
export const revokeUserSessions = defineCall({
  method: 'DELETE',
  path: '/v4/console/api/users/{userId}/sessions',
  params: userSessionParams,
  response: z.object({ revoked: z.number() }),
});

export const sendPasswordReset = defineCall({
  method: 'POST',
  path: '/users/password/forgotten/send',
  /** recovery_url: the console page the link opens; the server appends `/{resetToken}`. */
  query: z.object({ recovery_url: z.string().url().max(2000) }),
  body: z.object({ email: z.string().trim().min(1).max(320) }),
});

export const checkResetToken = defineCall({
  method: 'GET',
  path: '/users/password/forgotten/check/{resetToken}',
  params: z.object({ resetToken: z.string().min(1).max(200) }),
  response: z.object({ valid: z.literal(true), expiresAt: z.string() }),
});

export const resetPassword = defineCall({
  method: 'PUT',
  path: '/users/password/forgotten',
  body: z.object({ token: z.string().min(1).max(200), password: z.string().min(1).max(4096) }),
});
