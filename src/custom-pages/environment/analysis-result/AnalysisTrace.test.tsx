import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TraceEntry } from '../../../../schemas/analysis-result';
import { inEnglish, traceList, traceMessage } from '../../../../schemas/trace-messages';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
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

  it('says the NLU’s, the OCR data’s and the payload’s own warnings and refusals in French', async () => {
    window.localStorage.setItem('locale', 'fr');
    const stoppedEarly = traceMessage('nluSearchStoppedEarly', { interaction: 'cancellation' });
    const refused = traceMessage('ocrDataPatternRefused', {
      key: 'total',
      detail: "'(a+)+$' is refused: it may backtrack catastrophically",
    });
    const notKept = traceMessage('payloadFileNotKept', { filename: 'scan.pdf' });
    const tooLarge = traceMessage('payloadAttachmentsTooLarge', { filename: 'big.zip', megabytes: 10 });
    const leftovers: TraceEntry[] = [
      {
        ...coded('nlu', traceMessage('nluRead', { language: 'fr', servers: traceList([], '; ') })),
        warnings: [inEnglish(stoppedEarly)],
        messages: {
          summary: traceMessage('nluRead', { language: 'fr', servers: traceList([], '; ') }),
          warnings: [stoppedEarly],
        },
      },
      {
        ...coded('ocrDataExtraction', refused),
        status: 'error',
        errors: [inEnglish(refused)],
        messages: { summary: refused, warnings: [], errors: [refused] },
      },
      {
        ...coded('outputDelivery', traceMessage('payloadNoWebhook')),
        warnings: [inEnglish(notKept), inEnglish(tooLarge)],
        messages: { summary: traceMessage('payloadNoWebhook'), warnings: [notKept, tooLarge] },
      },
    ];
    renderConsole(`${ENV_PATH}/analyses/a1?tab=trace`, {
      ...environmentRoutes('qualifier'),
      [`GET ${API}/analyses/a1/result`]: json({
        analysis: makeAnalysis(),
        result: { ...makeResult(), trace: leftovers },
        exchangeLabels: null,
      }),
    });
    expect(
      await screen.findByText(
        'Interaction « cancellation » : la recherche s’est arrêtée avant la fin dans un bloc aux correspondances candidates trop nombreuses',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getAllByText(
        "Le motif du champ « total » ne peut pas être utilisé (détail technique : '(a+)+$' is refused: it may backtrack catastrophically)",
      ).length,
    ).toBeGreaterThan(0);
    expect(
      screen.getByText(
        'scan.pdf : son fichier n’a pas été conservé, ses données ne sont donc pas dans le contenu',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'big.zip : ses données ne sont pas dans le contenu, dont les pièces jointes dépasseraient sinon 10 Mo',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/its file was not kept|stopped early|cannot be used/)).toBeNull();
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
