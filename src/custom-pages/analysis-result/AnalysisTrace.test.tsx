import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TraceEntry } from '../../../schemas/analysis-result';
import { inEnglish, traceList, traceMessage } from '../../../schemas/trace-messages';
import { json } from '../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes, makeAnalysis, makeResult } from '../analyses/testing';

beforeEach(resetBrowserState);

const coded = (
  step: TraceEntry['step'],
  summary: ReturnType<typeof traceMessage>,
  warnings = [],
): TraceEntry => ({
  step,
  status: 'done',
  start: '2026-03-12T09:00:00.000Z',
  durationMs: 12,
  summary: inEnglish(summary),
  warnings,
  errors: [],
  messages: { summary, warnings: [] },
});

const trace: TraceEntry[] = [
  coded('source', traceMessage('sourceFile', { filename: 'claim.eml', size: { bytes: 4506 } })),
  coded(
    'extractor',
    traceMessage('extracted', {
      parts: traceList([
        traceMessage('readEmailSubject', { subject: 'Sinistre' }),
        traceMessage('attachments', { smart_count: 2 }),
        traceMessage('textBlocks', { smart_count: 1 }),
      ]),
    }),
  ),
  {
    ...coded('nlu', traceMessage('nluRead', { language: 'fr', servers: traceList([], '; ') })),
    warnings: ["Server 'Claims' loaded its configuration (12 ms)"],
    messages: {
      summary: traceMessage('nluRead', {
        language: 'fr',
        servers: traceList([traceMessage('nluServerRead', { server: 'Claims', smart_count: 1 })], '; '),
      }),
      warnings: [traceMessage('nluLoaded', { server: 'Claims', ms: 12 })],
    },
  },
  coded('categorization', traceMessage('moduleInactive', { module: { module: 'categorization' } })),
  // A file a parser refused (an attachment read for the OCR data extraction), its reason by code.
  {
    ...coded('ocrDataExtraction', traceMessage('stepFailed')),
    status: 'error',
    errors: ['scan.pdf is empty (0 bytes)'],
    messages: {
      summary: traceMessage('stepFailed'),
      warnings: [],
      errors: [traceMessage('parseFileEmpty', { filename: 'scan.pdf' })],
    },
  },
  // A rule whose category is gone, and output settings that make the payload useless: by code.
  {
    ...coded('postProcessing', traceMessage('postProcessingNoRule')),
    warnings: ["The post-processing rule 'urgent' changed nothing: …"],
    messages: {
      summary: traceMessage('postProcessingNoRule'),
      warnings: [traceMessage('postProcessingRuleCategoryGone', { rule: 'urgent', category: 'Urgent' })],
    },
  },
  {
    ...coded('outputDelivery', traceMessage('payloadNoWebhook')),
    warnings: ['Nothing is selected…', 'Categories to skip…'],
    messages: {
      summary: traceMessage('payloadNoWebhook'),
      warnings: [
        traceMessage('outputNothingSelected'),
        traceMessage('outputSkipMismatch', { names: 'Ghost' }),
      ],
    },
  },
  // A result stored before the codes: its English words are all there is.
  { ...coded('replyTemplate', traceMessage('noDefaultTemplate')), messages: undefined, summary: 'Old words' },
];

const renderTrace = () =>
  renderConsole(`${ENV_PATH}/analyses/a1?tab=trace`, {
    ...environmentRoutes('qualifier'),
    [`GET ${API}/analyses/a1/result`]: json({
      analysis: makeAnalysis(),
      result: { ...makeResult(), trace },
      exchangeLabels: null,
    }),
  });

describe('the trace in the user’s language (schemas/trace-messages.ts)', () => {
  it('says each step’s summary and warnings in French, sizes and module names included', async () => {
    window.localStorage.setItem('locale', 'fr');
    renderTrace();
    expect(await screen.findByText('Fichier claim.eml (4,4 ko)')).toBeInTheDocument();
    expect(
      screen.getByText('E-mail lu (« Sinistre »), 2 pièces jointes, 1 bloc de texte'),
    ).toBeInTheDocument();
    expect(screen.getByText('Langue fr ; Claims : 1 interaction')).toBeInTheDocument();
    expect(screen.getByText('Le serveur « Claims » a chargé sa configuration (12 ms)')).toBeInTheDocument();
    expect(
      screen.getByText('Le module « Catégorisation » n’est pas actif dans cet environnement'),
    ).toBeInTheDocument();
    expect(screen.getByText('Old words')).toBeInTheDocument();
    expect(
      screen.getByText(
        'La règle de post-traitement « urgent » n’a rien changé : la catégorie de message « Urgent » n’existe plus',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('scan.pdf est vide (0 octet)')).toBeInTheDocument();
    expect(
      screen.getByText('Rien n’est sélectionné dans le module de sortie : l’intégration n’aura aucun effet'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Catégories à ignorer qu’aucune catégorie de cet environnement n’a : Ghost'),
    ).toBeInTheDocument();
  });

  it('says them in English when the user reads English', async () => {
    window.localStorage.setItem('locale', 'en');
    renderTrace();
    expect(await screen.findByText('File claim.eml (4.4 kB)')).toBeInTheDocument();
    expect(screen.getByText('Email read (“Sinistre”), 2 attachments, 1 text block')).toBeInTheDocument();
    expect(
      screen.getByText('The Categorization module is not active in this environment'),
    ).toBeInTheDocument();
  });
});
