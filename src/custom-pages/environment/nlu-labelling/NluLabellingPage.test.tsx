import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AnalysisResult, NluInteraction } from '../../../../schemas/analysis-result';
import type { LabellingAnswer } from '../../../../schemas/contracts/nlu-labelling';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes, makeAnalysis, makeResult } from '../analyses/testing';

// 'Please find the invoice attached.': "invoice" is at 16–23.
const interaction: NluInteraction = {
  name: 'sends a document',
  context: 'care',
  server: 'main',
  source: 'message',
  page: null,
  start: 16,
  end: 32,
  text: 'invoice attached',
  parameters: {
    document: [
      { value: 'invoice', start: 16, end: 23, archetype: 'document', via: 'invoice', approximate: false },
    ],
  },
};
const labelled = (id: string, interactions: NluInteraction[]): AnalysisResult => {
  const result = makeResult();
  return {
    ...result,
    id,
    nlu: {
      servers: [{ name: 'main', language: 'en', startedForThisAnalysis: false }],
      interactions,
      labels: [
        {
          server: 'main',
          source: 'message',
          page: null,
          start: 0,
          end: 6,
          text: 'Please',
          archetype: 'politeness',
          via: 'please',
          approximate: false,
        },
        {
          server: 'main',
          source: 'message',
          page: null,
          start: 16,
          end: 23,
          text: 'invoice',
          archetype: 'document',
          via: 'invoice',
          approximate: false,
        },
      ],
    },
  };
};

const open = async (items: LabellingAnswer['items'], role: 'qualifier' | 'configurator' = 'qualifier') => {
  const sent: { id: string; body: unknown }[] = [];
  const state = { items: [...items] };
  const totals = () => {
    const judged = state.items.flatMap((i) => i.verdicts ?? []);
    return {
      analyses: state.items.length,
      labelled: state.items.filter((i) => i.labelling === 'labelled').length,
      right: judged.filter((v) => v === 'right').length,
      wrong: judged.filter((v) => v === 'wrong').length,
    };
  };
  const routes: Record<string, FakeRoute> = {
    ...environmentRoutes(role),
    [`GET ${API}/nlu-labelling`]: () => json({ items: state.items, totals: totals() }),
    [`GET ${API}/analyses/a1/result`]: json({
      analysis: makeAnalysis({ id: 'a1' }),
      result: labelled('a1', [interaction]),
    }),
    [`GET ${API}/analyses/a2/result`]: json({
      analysis: makeAnalysis({ id: 'a2' }),
      result: labelled('a2', []),
    }),
  };
  for (const id of ['a1', 'a2'])
    routes[`PUT ${API}/analyses/${id}/nlu-labelling`] = (request) => {
      sent.push({ id, body: request.body });
      const verdicts = (request.body as { verdicts: ('right' | 'wrong')[] }).verdicts;
      state.items = state.items.map((i) => (i.id === id ? { ...i, labelling: 'labelled', verdicts } : i));
      return json(state.items.find((i) => i.id === id));
    };
  renderConsole(`${ENV_PATH}/nlu-labelling`, routes);
  await screen.findByRole('heading', { name: 'NLU labelling', level: 1 }, { timeout: 8000 });
  return sent;
};

const item = (id: string, name: string): LabellingAnswer['items'][number] => ({
  id,
  name,
  createdAt: '2026-03-05T10:00:00.000Z',
  labelling: 'to_label',
  verdicts: null,
});

beforeEach(resetBrowserState);

describe('NLU labelling view (spec pipeline §5, labeling flag)', () => {
  it('shows the labels, judges an interaction and qualifies by keyboard, then goes on', async () => {
    const user = userEvent.setup();
    const sent = await open([item('a1', 'Invoice March'), item('a2', 'Hello')]);
    expect(await screen.findByText('0 of 2 messages labelled')).toBeInTheDocument();
    expect(screen.getByText('NLU precision: no interaction judged yet')).toBeInTheDocument();
    expect(await screen.findByText('Message 1 of 2')).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Interactions' });
    const marks = [...document.querySelectorAll('mark')];
    expect(marks.map((m) => m.textContent)).toEqual(['Please', 'invoice']);
    expect(marks[0].getAttribute('title')).toContain('politeness');
    const verdict = screen.getByRole('group', { name: 'Verdict on “sends a document”' });
    expect(within(verdict).getByRole('button', { name: 'Right' })).toHaveAttribute('aria-pressed', 'true');

    await user.keyboard('1');
    expect(within(verdict).getByRole('button', { name: 'Wrong' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('q');
    expect(await screen.findByText('Message 2 of 2')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 'a1', body: { verdicts: ['wrong'] } }]);
    expect(await screen.findByText('1 of 2 messages labelled')).toBeInTheDocument();
    expect(screen.getByText('NLU precision: 0% (0 of 1 interactions right)')).toBeInTheDocument();
    expect(
      await screen.findByText('No interaction found: qualify to say the server missed nothing.'),
    ).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByText('Message 1 of 2')).toBeInTheDocument();
    expect(await screen.findByText('Labelled')).toBeInTheDocument();
    const again = await screen.findByRole('group', { name: 'Verdict on “sends a document”' });
    expect(within(again).getByRole('button', { name: 'Wrong' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('j');
    expect(await screen.findByText('Message 2 of 2')).toBeInTheDocument();
  });

  it('says how to get messages to label when there are none, in French', async () => {
    window.localStorage.setItem('locale', 'fr');
    renderConsole(`${ENV_PATH}/nlu-labelling`, {
      ...environmentRoutes('qualifier'),
      [`GET ${API}/nlu-labelling`]: json({
        items: [],
        totals: { analyses: 0, labelled: 0, right: 0, wrong: 0 },
      }),
    });
    const link = await screen.findByRole('link', { name: 'Ouvrir les serveurs' }, { timeout: 8000 });
    expect(screen.getByRole('alert').textContent).toBe(
      'Aucun message à étiqueter\u202f: activez l’étiquetage d’un serveur, puis analysez des messages. Ouvrir les serveurs',
    );
    expect(link).toHaveAttribute('href', `${ENV_PATH}/configuration?section=servers`);
  });
});
