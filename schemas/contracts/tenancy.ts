import { z } from 'zod';
import { defineCall } from './define';

/**
 * Organisation, project and environment reads the console shell needs (home pages, document titles,
 * rapid navigation). The schema-driven resources take over their create / edit / delete.
 */

export const organisation = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO date (YYYY-MM-DD); the console shows 1 January of the current year when unset (spec §9). */
  contractStartDate: z.string().nullable(),
  yearlyQuota: z.number().int().nullable(),
});
export type Organisation = z.infer<typeof organisation>;

export const project = z.object({
  id: z.string(),
  organisationId: z.string(),
  name: z.string().max(50),
  type: z.enum(['nlu', 'ic']),
  notes: z.string(),
  createdAt: z.string(),
});
export type Project = z.infer<typeof project>;

export const environmentSummary = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  visibility: z.enum(['public', 'hidden']),
  createdAt: z.string(),
});
export type EnvironmentSummary = z.infer<typeof environmentSummary>;

export const environmentDetail = environmentSummary.extend({
  projectName: z.string(),
  organisationId: z.string(),
  organisationName: z.string(),
});
export type EnvironmentDetail = z.infer<typeof environmentDetail>;

export const getOrganisation = defineCall({
  method: 'GET',
  path: '/v4/console/api/organisations/{orgId}',
  params: z.object({ orgId: z.string() }),
  response: organisation,
});

/** Projects of one organisation that the caller may see (simple-REST list, filter by organisationId). */
export const listProjects = defineCall({
  method: 'GET',
  path: '/v4/console/api/projects',
  query: z.object({
    filter: z.string().optional(),
    sort: z.string().optional(),
    range: z.string().optional(),
  }),
  response: z.array(project),
});

export const getProject = defineCall({
  method: 'GET',
  path: '/v4/console/api/projects/{projectId}',
  params: z.object({ projectId: z.string() }),
  response: project,
});

export const listEnvironments = defineCall({
  method: 'GET',
  path: '/v4/console/api/projects/{projectId}/environments',
  params: z.object({ projectId: z.string() }),
  response: z.array(environmentSummary),
});

/** The environment itself (spec §7, singular path); also used when impersonating. */
export const getEnvironment = defineCall({
  method: 'GET',
  path: '/v4/console/api/environment/{id}',
  params: z.object({ id: z.string() }),
  response: environmentDetail,
});

/** The caller's own marks on a project (spec platform-shell §3): only the given ones change. */
export const setProjectMarks = defineCall({
  method: 'PUT',
  path: '/v4/console/api/projects/{projectId}/marks',
  params: z.object({ projectId: z.string() }),
  body: z.object({ favourite: z.boolean().optional(), quickAccess: z.boolean().optional() }),
  response: z.object({ favourite: z.boolean(), quickAccess: z.boolean() }),
});
