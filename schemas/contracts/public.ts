import { z } from 'zod';
import { defineCall } from './define';

/** The public API for machine clients (DESIGN.md §5), authenticated by an environment access key. */

export const keyEnvironment = defineCall({
  method: 'GET',
  path: '/v4/api/environment',
  response: z.object({
    id: z.string(),
    projectId: z.string(),
    name: z.string(),
    languages: z.array(z.string()),
  }),
});
