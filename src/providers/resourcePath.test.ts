import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures';
import { canAccess } from './canAccess';
import { parseResourcePath } from './resourcePath';

describe('scoped resource paths', () => {
  it('reads the scope out of a nested API path', () => {
    expect(parseResourcePath('organisations/o1/members')).toEqual({
      resource: 'members',
      scope: { organisationId: 'o1' },
    });
    expect(parseResourcePath('projects/p%201/environments')).toEqual({
      resource: 'environments',
      scope: { projectId: 'p 1' },
    });
    expect(parseResourcePath('environments/e1/webhooks')).toEqual({
      resource: 'webhooks',
      scope: { environmentId: 'e1' },
    });
  });

  it('leaves plain and unknown paths alone', () => {
    expect(parseResourcePath('projects')).toEqual({ resource: 'projects', scope: {} });
    expect(parseResourcePath('things/t1/parts')).toEqual({ resource: 'things/t1/parts', scope: {} });
  });

  it('lets canAccess judge a scoped path like the plain resource in that scope', () => {
    const admin = makeUser({
      organisations: { o1: { id: 'o1', name: 'Acme', role: 'admin', projects: {} } },
    });
    expect(canAccess(admin, { action: 'list', resource: 'organisations/o1/members' })).toBe(true);
    expect(canAccess(admin, { action: 'list', resource: 'organisations/o2/members' })).toBe(false);
    // The path is where the call goes: a record naming another organisation does not widen it.
    expect(
      canAccess(admin, {
        action: 'delete',
        resource: 'organisations/o2/invitations',
        record: { organisationId: 'o1' },
      }),
    ).toBe(false);
    const configurator = makeUser();
    expect(canAccess(configurator, { action: 'create', resource: 'projects/p1/environments' })).toBe(true);
    expect(canAccess(configurator, { action: 'list', resource: 'organisations/o1/members' })).toBe(false);
  });
});
