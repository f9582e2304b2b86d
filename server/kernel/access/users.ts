import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db';
import { first } from '../db';
import type { Preferences, UserLanguage } from '../../../schemas/contracts/auth';

export interface UserRow {
  id: string;
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  password_hash: string | null;
  password_changed_at: Date;
  token_version: number;
  is_light: boolean;
  is_staff: boolean;
  preferences: Preferences;
  /** The language the user reads, and is written to (migration 024). */
  language: UserLanguage;
  [key: string]: unknown;
}

export interface NewUser {
  username: string;
  email: string;
  firstname?: string;
  lastname?: string;
  passwordHash: string | null;
  isLight?: boolean;
  isStaff?: boolean;
  /** The language mails are written in; French unless told. */
  language?: UserLanguage;
}

/** The user aggregate: accounts, their passwords and preferences. */
export const usersRepository = (db: Queryable) => ({
  findById: (id: string) => first(db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id])),

  findByUsername: (username: string) =>
    first(db.query<UserRow>('SELECT * FROM users WHERE lower(username) = lower($1)', [username])),

  findByEmail: (email: string) =>
    first(
      db.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1) ORDER BY created_at LIMIT 1', [
        email,
      ]),
    ),

  create: async (user: NewUser): Promise<UserRow> => {
    const rows = await db.query<UserRow>(
      `INSERT INTO users (id, username, email, firstname, lastname, password_hash, is_light, is_staff, language)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
      [
        randomUUID(),
        user.username,
        user.email,
        user.firstname ?? '',
        user.lastname ?? '',
        user.passwordHash,
        user.isLight ?? false,
        user.isStaff ?? false,
        user.language ?? 'fr',
      ],
    );
    return rows[0];
  },

  /**
   * Sets a new password and revokes every token issued before it: their token_version no longer
   * matches, and their sessions are marked revoked so that none is listed as live.
   */
  setPassword: async (id: string, passwordHash: string): Promise<UserRow> => {
    const rows = await db.query<UserRow>(
      `WITH revoked AS (UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL)
       UPDATE users SET password_hash = $2, password_changed_at = now(), token_version = token_version + 1
       WHERE id = $1 RETURNING *`,
      [id, passwordHash],
    );
    return rows[0];
  },

  setLanguage: async (id: string, language: UserLanguage): Promise<UserLanguage> => {
    const rows = await db.query<{ language: UserLanguage }>(
      'UPDATE users SET language = $2 WHERE id = $1 RETURNING language',
      [id, language],
    );
    return rows[0].language;
  },

  updatePreferences: async (id: string, changes: Preferences): Promise<Preferences> => {
    const rows = await db.query<{ preferences: Preferences }>(
      `UPDATE users SET preferences = preferences || $2::jsonb WHERE id = $1 RETURNING preferences`,
      [id, JSON.stringify(changes)],
    );
    return rows[0].preferences;
  },

  /** Whether a user is staff and the organisations they are a member of, or undefined. */
  staffAndOrganisations: (id: string) =>
    first(
      db.query<{ is_staff: boolean; orgs: string[] }>(
        `SELECT u.is_staff, coalesce(array_agg(m.organisation_id::text)
                  FILTER (WHERE m.organisation_id IS NOT NULL), '{}') AS orgs
         FROM users u LEFT JOIN memberships m ON m.user_id = u.id WHERE u.id = $1 GROUP BY u.id`,
        [id],
      ),
    ),

  count: async (): Promise<number> =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0].n,
});

export type UsersRepository = ReturnType<typeof usersRepository>;
