/**
 * Fixtures of the analyses pages' tests: a signed-in user in the demo environment, analyses and a
 * result shaped as the platform answers them. Only tests import this file.
 */
import type { AnalysisResult, Extraction } from '../../../../schemas/analysis-result';
import type { ProjectAccessLevel } from '../../../../schemas/contracts/auth';
import type { AnalysisRecord } from '../../../../schemas/contracts/analyses';
import { json } from '../../../test/fakeApi';
import type { FakeRoute } from '../../../test/fakeApi';
import { acme, demoProject, makeUser, production, productionDetail } from '../../../test/fixtures';

export const API = '/v4/console/api/environments/e1';
export const ENV_PATH = '/project/p1/environment/e1';

/** The console's own reads around an environment page, signed in at `access` on the demo project. */
export const environmentRoutes = (access: ProjectAccessLevel = 'configurator'): Record<string, FakeRoute> => {
  window.localStorage.setItem('token', 'jwt-1');
  const user = makeUser();
  user.organisations.o1.projects.p1.access = access;
  return {
    'GET /v4/console/api/user': json(user),
    'GET /v4/console/api/organisations/o1': json(acme),
    'GET /v4/console/api/projects': json([demoProject]),
    'GET /v4/console/api/projects/p1': json(demoProject),
    'GET /v4/console/api/projects/p1/environments': json([production]),
    'GET /v4/console/api/environment/e1': json(productionDetail),
  };
};

export const makeAnalysis = (overrides: Partial<AnalysisRecord> = {}): AnalysisRecord & { id: string } => ({
  id: 'a1',
  environmentId: 'e1',
  name: 'Invoice March',
  inputType: 'mail',
  status: 'processed',
  filename: 'simulated-mail.eml',
  size: 20_480,
  manualFinalStatus: false,
  error: null,
  durationMs: 1520,
  createdAt: '2026-03-05T10:00:00.000Z',
  startedAt: '2026-03-05T10:00:01.000Z',
  finishedAt: '2026-03-05T10:00:02.520Z',
  anonymizedAt: null,
  ...overrides,
});

export const mailExtraction = (
  html: string | null = '<p>Please find the invoice attached.</p>',
): Extraction => ({
  kind: 'email',
  message: {
    headers: {},
    messageId: '<m1@acme.test>',
    from: { name: 'Bob Smith', address: 'bob@acme.test' },
    to: [{ name: '', address: 'claims@acme.test' }],
    cc: [{ name: 'Carol', address: 'carol@acme.test' }],
    subject: 'Invoice March',
    date: '2026-03-05T09:58:00.000Z',
    text: 'Please find the invoice attached.',
    html,
    thread: [],
  },
  pages: [],
  metadata: {},
  attachments: [
    {
      index: 0,
      filename: 'invoice.pdf',
      mime: 'application/pdf',
      size: 16_978,
      inline: false,
      parent: null,
      pages: [
        { text: 'Lorem ipsum dolor sit amet', ocr: false },
        { text: 'Total due: 120 EUR', ocr: true, label: 'Scan' },
      ],
      metadata: {},
      warnings: ['Page 2 has no text layer: read by OCR'],
      error: null,
    },
  ],
  blocks: [
    { source: 'message', page: null, start: 0, end: 33 },
    { source: 0, page: null, start: 0, end: 46 },
  ],
});

export const makeResult = (extraction: Extraction | null = mailExtraction()): AnalysisResult => ({
  id: 'a1',
  status: 'processed',
  language: 'en',
  extraction,
  categories: [],
  attachmentsCategories: [],
  extractedData: [],
  nlu: { servers: [], interactions: [] },
  deliveries: [],
  trace: [
    {
      step: 'source',
      status: 'done',
      start: '2026-03-05T10:00:01.000Z',
      durationMs: 12,
      summary: 'Read the simulated mail (20 KB)',
      warnings: [],
      errors: [],
    },
    {
      step: 'extractor',
      status: 'done',
      start: '2026-03-05T10:00:01.012Z',
      durationMs: 1480,
      summary: 'Read the mail and 1 attachment',
      warnings: ['Page 2 has no text layer: read by OCR'],
      errors: [],
    },
    {
      step: 'nlu',
      status: 'skipped',
      start: null,
      durationMs: 0,
      summary: 'No NLU module in this environment',
      warnings: [],
      errors: [],
    },
  ],
});
