import { useGetList } from 'react-admin';

export interface TemplateRecord {
  id: string;
  name: string;
  body?: string;
  isDefault?: boolean;
  llm?: boolean;
}

/** The environment's reply templates, every one (an environment has a handful). */
export const useTemplates = (resource: string) =>
  useGetList<TemplateRecord>(resource, {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });

/** The templates a body includes by name. The server parses templates; this only shows them. */
export const includesOf = (body: string | undefined): string[] => [
  ...new Set([...(body ?? '').matchAll(/\{%-?\s*include\s+(['"])(.*?)\1/g)].map((m) => m[2])),
];
