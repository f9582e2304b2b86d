/** Paths of the scope home pages, built in one place so links and redirects agree. */
export const organisationPath = (orgaId: string): string => `/orga/${encodeURIComponent(orgaId)}`;

export const projectPath = (projectId: string): string => `/project/${encodeURIComponent(projectId)}`;

export const environmentPath = (projectId: string, envId: string): string =>
  `${projectPath(projectId)}/environment/${encodeURIComponent(envId)}`;
