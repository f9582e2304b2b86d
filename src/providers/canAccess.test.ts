import { describe, expect, it } from 'vitest';
import type { CurrentUser, ProjectAccessLevel } from '../../schemas/contracts/auth';
import { makeUser } from '../test/fixtures';
import { canAccess } from './canAccess';

/** A member of Acme with one project (p1) at the given level, and no access to Globex's project (p2). */
const withLevel = (access: ProjectAccessLevel, role: 'admin' | 'notAdmin' = 'notAdmin'): CurrentUser =>
  makeUser({
    organisations: {
      o1: {
        id: 'o1',
        name: 'Acme',
        role,
        projects: { p1: { id: 'p1', name: 'Demo', access, favourite: false, quickAccess: false } },
      },
      o2: {
        id: 'o2',
        name: 'Globex',
        role: 'notAdmin',
        projects: {
          p2: { id: 'p2', name: 'Other', access: 'noAccess', favourite: false, quickAccess: false },
        },
      },
    },
  });

const allowed = (user: CurrentUser, resource: string, action = 'list', projectId = 'p1') =>
  canAccess(user, { action, resource, record: { projectId } });

const testingCentre = [
  'messages-bank',
  'messages',
  'qualification',
  'import',
  'tests',
  'domain-rules',
  'domain-modules',
  'classifications',
];
const dashboards = ['dashboard', 'alerts'];

describe('canAccess (spec §6)', () => {
  it('lets a configurator do everything in their project', () => {
    const user = withLevel('configurator');
    for (const resource of [...testingCentre, ...dashboards, 'webhooks', 'archetypes']) {
      expect(allowed(user, resource, 'edit')).toBe(true);
    }
  });

  it('gives a qualifier the testing centre and the dashboard, not the configuration', () => {
    const user = withLevel('qualifier');
    for (const resource of [...testingCentre, ...dashboards]) expect(allowed(user, resource)).toBe(true);
    expect(allowed(user, 'webhooks')).toBe(false);
    expect(allowed(user, 'archetypes', 'edit')).toBe(false);
  });

  it('lets a qualifier write domain modules and domain rules, as their schemas’ access says', () => {
    for (const resource of ['projects/p1/domain-modules', 'projects/p1/domain-rules', 'projects/p1/classifications']) {
      for (const action of ['list', 'create', 'edit', 'delete']) {
        expect(allowed(withLevel('qualifier'), resource, action)).toBe(true);
        expect(allowed(withLevel('cockpit'), resource, action)).toBe(false);
      }
    }
  });

  it('gives a cockpit viewer the dashboard and alerts only', () => {
    const user = withLevel('cockpit');
    for (const resource of dashboards) expect(allowed(user, resource)).toBe(true);
    for (const resource of testingCentre) expect(allowed(user, resource)).toBe(false);
    expect(allowed(user, 'webhooks')).toBe(false);
    expect(canAccess(user, { action: 'show', resource: 'projects', record: { id: 'p1' } })).toBe(true);
  });

  it('gives noAccess nothing in the project', () => {
    const user = withLevel('noAccess');
    for (const resource of [...testingCentre, ...dashboards, 'webhooks'])
      expect(allowed(user, resource)).toBe(false);
    expect(canAccess(user, { action: 'show', resource: 'projects', record: { id: 'p1' } })).toBe(false);
  });

  it('shows analyses to every level that sees the environment and lets qualifiers launch them', () => {
    const analyses = 'environments/e1/analyses';
    expect(allowed(withLevel('cockpit'), analyses)).toBe(true);
    expect(allowed(withLevel('cockpit'), analyses, 'create')).toBe(false);
    expect(allowed(withLevel('qualifier'), analyses, 'create')).toBe(true);
    expect(allowed(withLevel('qualifier'), analyses, 'delete')).toBe(true);
    expect(allowed(withLevel('noAccess'), analyses)).toBe(false);
  });

  it('makes an organisation admin a configurator on every project of that organisation only', () => {
    const user = withLevel('noAccess', 'admin');
    expect(allowed(user, 'webhooks', 'delete')).toBe(true);
    expect(allowed(user, 'tests')).toBe(true);
    expect(allowed(user, 'webhooks', 'list', 'p2')).toBe(false);
    expect(canAccess(user, { action: 'list', resource: 'members', record: { organisationId: 'o1' } })).toBe(
      true,
    );
    expect(canAccess(user, { action: 'list', resource: 'members', record: { organisationId: 'o2' } })).toBe(
      false,
    );
  });

  it('keeps organisation administration and project creation for organisation admins', () => {
    const user = withLevel('configurator');
    expect(canAccess(user, { action: 'list', resource: 'members', record: { organisationId: 'o1' } })).toBe(
      false,
    );
    expect(
      canAccess(user, { action: 'create', resource: 'projects', record: { organisationId: 'o1' } }),
    ).toBe(false);
    expect(canAccess(user, { action: 'show', resource: 'organisations', record: { id: 'o1' } })).toBe(true);
    expect(canAccess(user, { action: 'show', resource: 'organisations', record: { id: 'o9' } })).toBe(false);
  });

  it('confines light users to self-service and their own account', () => {
    const user = { ...withLevel('configurator', 'admin'), isLight: true };
    expect(canAccess(user, { action: 'show', resource: 'self-service' })).toBe(true);
    expect(canAccess(user, { action: 'show', resource: 'profile' })).toBe(true);
    expect(canAccess(user, { action: 'show', resource: 'organisations', record: { id: 'o1' } })).toBe(false);
    expect(allowed(user, 'dashboard')).toBe(false);
  });

  it('lets staff do everything, admin pages included, which others may not open', () => {
    const staff = { ...withLevel('noAccess'), role: 'staff' as const };
    expect(allowed(staff, 'webhooks', 'delete', 'p2')).toBe(true);
    expect(canAccess(staff, { action: 'list', resource: 'sre-inboxcare' })).toBe(true);
    expect(canAccess(withLevel('configurator', 'admin'), { action: 'list', resource: 'sre-inboxcare' })).toBe(
      false,
    );
  });
});
