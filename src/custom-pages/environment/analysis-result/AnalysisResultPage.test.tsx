import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Extraction } from '../../../../schemas/analysis-result';
import type { AnalysisRecord } from '../../../../schemas/contracts/analyses';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import {
  API,
  ENV_PATH,
  environmentRoutes,
  makeAnalysis,
  makeResult,
  mailExtraction,
} from '../analyses/testing';

const open = (
  routes: Record<string, FakeRoute>,
  access: Parameters<typeof environmentRoutes>[0] = 'qualifier',
) => renderConsole(`${ENV_PATH}/analyses/a1`, { ...environmentRoutes(access), ...routes });

const answering = (analysis: AnalysisRecord, result = makeResult()) => ({
  [`GET ${API}/analyses/a1/result`]: json({ analysis, result, exchangeLabels: null }),
});

const heading = () => screen.findByRole('heading', { name: 'Invoice March', level: 1 }, { timeout: 8000 });

beforeEach(resetBrowserState);
afterEach(() => vi.restoreAllMocks());

describe('analysis result page (spec §2 analyses/{id})', () => {
  it('shows the status, the message headers and text, and the blocks', async () => {
    open(answering(makeAnalysis()));
    await heading();
    expect(screen.getByText('Processed')).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Bob Smith <bob@acme.test>')).toBeInTheDocument();
    expect(within(panel).getByText('claims@acme.test')).toBeInTheDocument();
    expect(within(panel).getByText('Carol <carol@acme.test>')).toBeInTheDocument();
    expect(within(panel).getByText('<m1@acme.test>')).toBeInTheDocument();
    expect(within(panel).getAllByText('Please find the invoice attached.')).toHaveLength(2);
    expect(within(panel).getByRole('heading', { name: 'Block 1' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Analysis result · Production/));
  });

  it('shows each attachment with its type, size, pages, OCR marker and warnings', async () => {
    const user = userEvent.setup();
    open(answering(makeAnalysis()));
    await heading();
    await user.click(screen.getByRole('tab', { name: 'Attachments (1)' }));
    const card = within(screen.getByRole('tabpanel')).getByRole('article', { name: 'invoice.pdf' });
    expect(within(card).getByText('application/pdf')).toBeInTheDocument();
    expect(within(card).getByText('17 kB')).toBeInTheDocument();
    expect(within(card).getByText('The input itself')).toBeInTheDocument();
    expect(within(card).getByText('Lorem ipsum dolor sit amet')).toBeInTheDocument();
    const scan = within(card).getByRole('region', { name: 'Page 2 — Scan' });
    expect(within(scan).getByText('OCR')).toBeInTheDocument();
    expect(within(scan).getByText('Total due: 120 EUR')).toBeInTheDocument();
    expect(within(card).getByText('Page 2 has no text layer: read by OCR')).toBeInTheDocument();
  });

  it('lists every pipeline step of the trace in order, with those that did not run', async () => {
    const user = userEvent.setup();
    open(answering(makeAnalysis()));
    await heading();
    await user.click(screen.getByRole('tab', { name: 'Trace' }));
    const rows = within(screen.getByRole('table', { name: 'Trace' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Source',
      'Extractor',
      'NLU',
      'Categorization',
      'OCR data extraction',
      'Post-processing',
      'Vision engine',
      'Extraction',
      'Reply template',
      'Consolidation',
      'Output delivery',
    ]);
    expect(rows[1]).toHaveTextContent('Done');
    expect(rows[1]).toHaveTextContent('1.5 s');
    expect(rows[1]).toHaveTextContent('Read the mail and 1 attachment');
    expect(rows[1]).toHaveTextContent('Page 2 has no text layer');
    expect(rows[2]).toHaveTextContent('Skipped');
    expect(rows[3]).toHaveTextContent('Not run');
  });

  it('says the analysis does not exist (404) or cannot be opened once anonymized (410)', async () => {
    const missing = open({
      [`GET ${API}/analyses/a1/result`]: json(
        { code: 'ANALYSIS_NOT_FOUND', message: 'The analysis does not exist' },
        404,
      ),
    });
    expect(
      await screen.findByText('The analysis does not exist.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    missing.unmount();
    open({
      [`GET ${API}/analyses/a1/result`]: json({ code: 'ANALYSIS_ANONYMIZED', message: 'gone' }, 410),
    });
    expect(
      await screen.findByText('This analysis was anonymized: it cannot be opened.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
  });

  it('says why an analysis failed in French when it was stored by code, else in its stored words', async () => {
    window.localStorage.setItem('locale', 'fr');
    const failed = makeAnalysis({
      status: 'error',
      error: 'The analysis took longer than its time limit of 120 s',
      errorMessage: { code: 'analysisTimeLimit', params: { seconds: 120 } },
    });
    const coded = open(answering(failed, { ...makeResult(), status: 'error' }));
    expect(
      await screen.findByText('L’analyse a dépassé son temps limite de 120 s', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    coded.unmount();
    // A file the extractor could not read (what EXTRACTION_FAILED says on the test pages), and an
    // unexpected error inside a step: its words only as a technical detail of a French sentence.
    for (const [errorMessage, french] of [
      [{ code: 'parsePdfEncrypted' }, 'Le PDF est protégé par un mot de passe'],
      [
        { code: 'stepFailedDetail', params: { step: { step: 'nlu' }, detail: 'socket hang up' } },
        'L’étape « NLU » a échoué (détail technique : socket hang up)',
      ],
    ] as const) {
      const view = open(
        answering({ ...failed, error: 'x', errorMessage }, { ...makeResult(), status: 'error' }),
      );
      expect(await screen.findByText(french, {}, { timeout: 8000 })).toBeInTheDocument();
      view.unmount();
    }
    // A row stored before the codes: its English words.
    open(answering({ ...failed, errorMessage: null }, { ...makeResult(), status: 'error' }));
    expect(
      await screen.findByText('The analysis took longer than its time limit of 120 s', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
  });

  it('aborts a running analysis, and follows it live until it is finished', async () => {
    const user = userEvent.setup();
    let analysis = makeAnalysis({ status: 'pending', finishedAt: null, durationMs: null });
    const aborted = makeAnalysis({ status: 'aborted' });
    const view = open({
      [`GET ${API}/analyses/a1/result`]: () => json({ analysis, result: null }),
      [`POST ${API}/analyses/a1/abort`]: () => {
        analysis = aborted;
        return json(aborted);
      },
    });
    await heading();
    expect(screen.getByText('No result yet: the analysis is pending.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reanalyze' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Abort' }));
    expect(await screen.findByText('Aborted')).toBeInTheDocument();
    expect(view.api.sent.some((sent) => sent.method === 'POST' && sent.url.endsWith('/a1/abort'))).toBe(true);
    expect(await screen.findByRole('button', { name: 'Reanalyze' })).toBeInTheDocument();
  });

  it('moves from pending to processed by itself', async () => {
    let analysis = makeAnalysis({ status: 'pending' });
    open({
      [`GET ${API}/analyses/a1/result`]: () => {
        const answer = json({ analysis, result: analysis.status === 'processed' ? makeResult() : null });
        analysis = makeAnalysis();
        return answer;
      },
    });
    await heading();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(await screen.findByText('Processed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reanalyze' })).toBeInTheDocument();
  });

  it('says "already being processed" when a reanalysis is refused with 409', async () => {
    const user = userEvent.setup();
    open({
      ...answering(makeAnalysis()),
      [`POST ${API}/analyses/a1/reanalyze`]: json(
        { code: 'ANALYSIS_ALREADY_PROCESSING', message: 'The analysis is already being processed' },
        409,
      ),
    });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Reanalyze' }));
    expect(await screen.findByText('The analysis is already being processed.')).toBeInTheDocument();
  });

  it('shows no abort or reanalyze to a cockpit viewer, who may still download', async () => {
    open(answering(makeAnalysis()), 'cockpit');
    await heading();
    expect(screen.getByRole('button', { name: 'Download the original' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reanalyze' })).not.toBeInTheDocument();
  });

  it('downloads the original under the name the server gives', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:original');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    open({
      ...answering(makeAnalysis()),
      [`GET ${API}/analyses/a1/original`]: new Response('From: bob@acme.test\r\n\r\nHello', {
        headers: { 'Content-Disposition': 'attachment; filename="simulated-mail.eml"' },
      }),
    });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Download the original' }));
    await waitFor(() => expect(saved).toEqual(['simulated-mail.eml']));
  });
});

describe('analysis preview (DESIGN.md §9: email HTML is hostile)', () => {
  const hostile = [
    '<p>Dear customer,</p>',
    '<script>window.__pwned = 1</script>',
    '<img src=x onerror="window.__pwned = 2">',
    '<a href="javascript:window.__pwned = 3">Claim your prize</a>',
    '<img src="https://tracker.example/pixel.gif">',
    '<form action="https://evil.example"><input name="password"></form>',
    '<div style="background: url(https://tracker.example/bg.png)">Offer</div>',
  ].join('');

  it('shows the email in a frame sandboxed without scripts, its HTML stripped of anything that runs or loads', async () => {
    const user = userEvent.setup();
    open(answering(makeAnalysis(), makeResult(mailExtraction(hostile))));
    await heading();
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const frame = await screen.findByTitle('Email preview');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    const srcdoc = frame.getAttribute('srcdoc') ?? '';
    expect(srcdoc).toContain('Dear customer');
    expect(srcdoc).toContain('Claim your prize');
    for (const banned of ['<script', 'onerror', 'javascript:', 'tracker.example', '<form', 'password'])
      expect(srcdoc).not.toContain(banned);
    expect(srcdoc).toContain('Content-Security-Policy');
    expect(screen.getByText('3 remote contents were not loaded.')).toBeInTheDocument();
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  });

  it('shows a Word document’s body from the HTML the extractor wrote, in the same sandboxed frame', async () => {
    const user = userEvent.setup();
    const document: Extraction = {
      kind: 'document',
      message: null,
      pages: [
        {
          text: 'Claim\nThe car is at the garage.',
          ocr: false,
          html: '<h1>Claim</h1><p>The car is at the <strong>garage</strong>.</p>',
        },
      ],
      metadata: {},
      attachments: [],
      blocks: [],
    };
    open(answering(makeAnalysis({ inputType: 'file', filename: 'claim.docx' }), makeResult(document)));
    await heading();
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const frame = await screen.findByTitle('Document preview');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>Claim</h1>');
    expect(screen.queryByText('Preview not available: here is the text that was read.')).toBeNull();
  });
});
