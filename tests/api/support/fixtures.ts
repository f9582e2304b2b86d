import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../../server/auth/passwords';
import type { Queryable } from '../../../server/kernel/db';
import type { ProjectAccessLevel } from '../../../schemas/contracts/auth';

export const PASSWORD = 'Correct-Horse-42';

// scrypt is slow on purpose; one hash serves every fixture user that shares the password.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

export interface UserSpec {
  username?: string;
  email?: string;
  password?: string;
  isStaff?: boolean;
  isLight?: boolean;
  organisationId?: string;
  isAdmin?: boolean;
  projects?: Record<string, ProjectAccessLevel>;
}

/** Builds tenancy rows straight in the database, as an administrator would have through the console. */
export const fixtures = (db: Queryable) => ({
  organisation: async (name = `Org ${randomUUID().slice(0, 6)}`) => {
    const id = randomUUID();
    await db.query('INSERT INTO organisations (id, name) VALUES ($1, $2)', [id, name]);
    return id;
  },
  project: async (organisationId: string, name = 'Project') => {
    const id = randomUUID();
    await db.query('INSERT INTO projects (id, organisation_id, name) VALUES ($1, $2, $3)', [
      id,
      organisationId,
      name,
    ]);
    return id;
  },
  environment: async (projectId: string, name = 'Production', visibility: 'public' | 'hidden' = 'public') => {
    const id = randomUUID();
    await db.query('INSERT INTO environments (id, project_id, name, visibility) VALUES ($1, $2, $3, $4)', [
      id,
      projectId,
      name,
      visibility,
    ]);
    return id;
  },
  user: async (spec: UserSpec = {}) => {
    const id = randomUUID();
    const username = spec.username ?? `user-${id.slice(0, 8)}`;
    await db.query(
      `INSERT INTO users (id, username, email, firstname, lastname, password_hash, is_staff, is_light)
       VALUES ($1, $2, $3, 'Ada', 'Lovelace', $4, $5, $6)`,
      [
        id,
        username,
        spec.email ?? `${username}@example.test`,
        await hashOf(spec.password ?? PASSWORD),
        spec.isStaff ?? false,
        spec.isLight ?? false,
      ],
    );
    if (spec.organisationId) {
      await db.query('INSERT INTO memberships (organisation_id, user_id, is_admin) VALUES ($1, $2, $3)', [
        spec.organisationId,
        id,
        spec.isAdmin ?? false,
      ]);
    }
    for (const [projectId, level] of Object.entries(spec.projects ?? {})) {
      await db.query('INSERT INTO project_access (project_id, user_id, level) VALUES ($1, $2, $3)', [
        projectId,
        id,
        level,
      ]);
    }
    return { id, username };
  },
});

/**
 * Signs in through the real endpoint and returns the bearer header value. A 503 DATABASE_UNAVAILABLE
 * is retried for up to 30 s, as its Retry-After asks a client to: on a loaded machine a file's first
 * connections to PostgreSQL can time out (seen once, in analysis-crash's setup during a CI rehearsal).
 */
export const signIn = async (app: FastifyInstance, username: string, password = PASSWORD) => {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username, password },
    });
    if (res.statusCode === 200) return `Bearer ${res.json<{ token: string }>().token}`;
    const unavailable = res.statusCode === 503 && res.body.includes('DATABASE_UNAVAILABLE');
    if (!unavailable || Date.now() > deadline)
      throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};
