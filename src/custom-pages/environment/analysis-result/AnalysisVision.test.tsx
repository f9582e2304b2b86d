import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AnalysisResult, TraceEntry } from '../../../../schemas/analysis-result';
import { inEnglish, traceList, traceMessage } from '../../../../schemas/trace-messages';
import type { VisionOutput } from '../../../../schemas/vision';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes, makeAnalysis, makeResult } from '../analyses/testing';

beforeEach(resetBrowserState);

const visionStep = (entry: Partial<TraceEntry> = {}): TraceEntry => ({
  step: 'visionEngine',
  status: 'done',
  start: '2026-03-05T10:00:02.000Z',
  durationMs: 2400,
  summary: 'Sent 2 page images to gpt-4o-mini',
  warnings: [],
  errors: [],
  ...entry,
});

const withVision = (step: TraceEntry, vision?: VisionOutput): AnalysisResult => {
  const result = makeResult();
  return { ...result, trace: [...result.trace, step], ...(vision ? { vision } : {}) };
};

/** Opens the analysis answering `result`, on its vision engine tab when it has one. */
const open = async (result: AnalysisResult) => {
  const user = userEvent.setup();
  renderConsole(`${ENV_PATH}/analyses/a1`, {
    ...environmentRoutes('qualifier'),
    [`GET ${API}/analyses/a1/result`]: json({ analysis: makeAnalysis(), result, exchangeLabels: null }),
  });
  await screen.findByRole('heading', { name: 'Invoice March', level: 1 }, { timeout: 8000 });
  return user;
};

describe('vision engine output on the analysis result page (spec pipeline §3 "Vision engine")', () => {
  it('shows the category a strict classification chose, with the model and the images it read', async () => {
    const user = await open(
      withVision(visionStep(), {
        type: 'strict_classification',
        model: 'gpt-4o-mini',
        images: 2,
        category: 'invoice',
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Vision engine' }));
    const panel = screen.getByRole('tabpanel');
    expect(
      within(panel).getByText('Strict classification, answered by the model gpt-4o-mini from 2 page images'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('region', { name: 'Category' })).toHaveTextContent('invoice');
  });

  it('shows the fields of a strict extraction, — where the pages do not say', async () => {
    const user = await open(
      withVision(visionStep(), {
        type: 'strict_extraction',
        model: 'gpt-4o-mini',
        images: 1,
        data: { total: '120 EUR', iban: null },
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Vision engine' }));
    const rows = within(screen.getByRole('table', { name: 'Fields' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['total', '120 EUR'],
      ['iban', '—'],
    ]);
    expect(screen.getByText(/from 1 page image$/)).toBeInTheDocument();
  });

  it('shows why a skipped step gave no answer, with its warning, in its tab and in the trace', async () => {
    const warning = 'No LLM endpoint is configured (LLM_BASE_URL): the vision engine was skipped';
    const user = await open(
      withVision(
        visionStep({
          status: 'skipped',
          start: null,
          durationMs: 0,
          summary: 'No LLM endpoint',
          warnings: [warning],
        }),
      ),
    );
    await user.click(screen.getByRole('tab', { name: 'Vision engine' }));
    expect(screen.getByText('No vision engine output. No LLM endpoint')).toBeInTheDocument();
    expect(screen.getByText(warning)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Trace' }));
    const row = within(screen.getByRole('table', { name: 'Trace' })).getByRole('row', {
      name: /^Vision engine/,
    });
    expect(row).toHaveTextContent('Skipped');
    expect(row).toHaveTextContent(warning);
  });

  it('says in French why the step failed and what it left out, by code', async () => {
    window.localStorage.setItem('locale', 'fr');
    const refused = traceMessage('visionCategoryUndeclared', {
      category: 'refund',
      declared: 'invoice, claim',
    });
    const notSent = traceMessage('visionImagesNotSent', { smart_count: 3, images: 8, megabytes: 20 });
    const user = await open(
      withVision(
        visionStep({
          status: 'error',
          summary: 'This step failed',
          warnings: [inEnglish(notSent)],
          errors: [inEnglish(refused)],
          messages: { summary: traceMessage('stepFailed'), warnings: [notSent], errors: [refused] },
        }),
      ),
    );
    await user.click(screen.getByRole('tab', { name: 'Moteur de vision' }));
    expect(
      screen.getByText(
        'Pas de sortie du moteur de vision. Le modèle a donné la catégorie « refund », qui ne fait pas partie des catégories déclarées : invoice, claim',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        '3 images de pages n’ont pas été envoyées : le moteur de vision envoie au plus 8 images et 20 Mo',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/not one of the declared|were not sent/)).toBeNull();
  });

  it('says an LLM endpoint’s failure in French, by code', async () => {
    window.localStorage.setItem('locale', 'fr');
    const timeout = traceMessage('endpointTimeout', {
      endpoint: traceList([traceMessage('endpointLlm')]),
      seconds: 60,
    });
    const user = await open(
      withVision(
        visionStep({
          status: 'error',
          summary: 'This step failed',
          errors: [inEnglish(timeout)],
          messages: { summary: traceMessage('stepFailed'), warnings: [], errors: [timeout] },
        }),
      ),
    );
    await user.click(screen.getByRole('tab', { name: 'Moteur de vision' }));
    expect(
      screen.getByText(
        'Pas de sortie du moteur de vision. Le point d’accès LLM n’a pas répondu dans le délai de 60 s',
      ),
    ).toBeInTheDocument();
  });

  it('has no vision engine tab where the module is not in the pipeline', async () => {
    await open(makeResult());
    expect(screen.getByRole('tab', { name: 'Trace' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Vision engine' })).not.toBeInTheDocument();
  });
});
