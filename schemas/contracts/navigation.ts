import { z } from 'zod';
import { defineCall } from './define';

/** The rapid navigation search (spec platform-shell §2): what the caller may open, by name. */
export const navigationSearch = defineCall({
  method: 'GET',
  path: '/v4/console/api/navigation',
  query: z.object({ q: z.string().max(100) }),
  response: z.object({
    organisations: z.array(z.object({ id: z.string(), name: z.string() })),
    projects: z.array(z.object({ id: z.string(), name: z.string(), organisationName: z.string() })),
    environments: z.array(
      z.object({ id: z.string(), name: z.string(), projectId: z.string(), projectName: z.string() }),
    ),
  }),
});
export type NavigationResults = z.infer<(typeof navigationSearch)['response']>;
