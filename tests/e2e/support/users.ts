import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../../server/auth/passwords';
import type { Db } from '../../../server/kernel/db';
import { E2E_EXPIRED, E2E_FORGETFUL, E2E_LIGHT, E2E_PROFILE } from './constants';

/** Accounts the specs need beyond the demo administrator, members of the demo organisation. */
export const seedE2eUsers = async (db: Db) => {
  const [org] = await db.query<{ id: string }>('SELECT id FROM organisations ORDER BY created_at LIMIT 1');
  const [project] = await db.query<{ id: string }>(
    'SELECT id FROM projects WHERE organisation_id = $1 LIMIT 1',
    [org.id],
  );
  const accounts = [
    { ...E2E_LIGHT, isLight: true, ageDays: 0 },
    { ...E2E_EXPIRED, isLight: false, ageDays: 400 },
    { ...E2E_FORGETFUL, isLight: false, ageDays: 0 },
    { ...E2E_PROFILE, isLight: true, ageDays: 0 },
  ];
  for (const a of accounts) {
    const id = randomUUID();
    await db.query(
      `INSERT INTO users (id, username, email, firstname, lastname, password_hash, is_light, password_changed_at)
       VALUES ($1, $2, $2, 'Test', $3, $4, $5, now() - make_interval(days => $6))`,
      [id, a.username, a.username.split('@')[0], await hashPassword(a.password), a.isLight, a.ageDays],
    );
    await db.query('INSERT INTO memberships (organisation_id, user_id) VALUES ($1, $2)', [org.id, id]);
    await db.query(`INSERT INTO project_access (project_id, user_id, level) VALUES ($1, $2, 'qualifier')`, [
      project.id,
      id,
    ]);
  }
};
