/** Paths of the scope home pages, built in one place so links and redirects agree. */
export const organisationPath = (orgaId: string): string => `/orga/${encodeURIComponent(orgaId)}`;

export const projectPath = (projectId: string): string => `/project/${encodeURIComponent(projectId)}`;

/** The project's testing centre (spec pipeline §2): message bank, tests and their results. */
export const testingCentrePath = (projectId: string): string => `${projectPath(projectId)}/testing-center`;

export const testResultsPath = (projectId: string, testId: string): string =>
  `${testingCentrePath(projectId)}/messages-bank/tests/${encodeURIComponent(testId)}`;

export const environmentPath = (projectId: string, envId: string): string =>
  `${projectPath(projectId)}/environment/${encodeURIComponent(envId)}`;

/** An analysis's result opened on its Categories tab, which says which rule decided and why. */
export const analysisDecisionPath = (projectId: string, envId: string, analysisId: string): string =>
  `${environmentPath(projectId, envId)}/analyses/${encodeURIComponent(analysisId)}?tab=categories`;
