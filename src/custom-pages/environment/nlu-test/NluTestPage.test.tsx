import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { NluTestAnswer } from '../../../../schemas/contracts/nlu';
import { inEnglish, traceMessage } from '../../../../schemas/trace-messages';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';

const text = 'Je veux résilier mon contrat';
const answer: NluTestAnswer = {
  language: 'fr',
  servers: [
    {
      name: 'main',
      startedNow: true,
      warnings: [],
      archetypes: [
        { archetype: 'cancel', start: 8, end: 16, text: 'résilier', via: 'résilier', approximate: false },
        { archetype: 'contract', start: 21, end: 28, text: 'contrat', via: 'contrat', approximate: false },
      ],
      interactions: [
        {
          name: 'cancellation',
          context: 'care',
          server: 'main',
          source: 'message',
          page: null,
          start: 8,
          end: 28,
          text: 'résilier mon contrat',
          parameters: {
            action: [
              {
                value: 'résilier',
                start: 8,
                end: 16,
                archetype: 'cancel',
                via: 'résilier',
                approximate: false,
              },
            ],
            object: [
              {
                value: 'contrat',
                start: 21,
                end: 28,
                archetype: 'contract',
                via: 'contrat',
                approximate: false,
              },
            ],
          },
        },
      ],
    },
  ],
};

const open = async (answered: NluTestAnswer = answer, title = 'NLU test') => {
  const sent: unknown[] = [];
  const routes: Record<string, FakeRoute> = {
    ...environmentRoutes('configurator'),
    [`GET ${API}/servers`]: new Response(JSON.stringify([{ id: 's1', name: 'main', state: 'stopped' }]), {
      headers: { 'content-type': 'application/json', 'content-range': 'servers 0-0/1' },
    }),
    [`POST ${API}/nlu-test`]: (request) => {
      sent.push(request.body);
      return json(answered);
    },
  };
  renderConsole(`${ENV_PATH}/nlu-test`, routes);
  await screen.findByRole('heading', { name: title, level: 1 }, { timeout: 8000 });
  await screen.findByRole('checkbox', { name: 'main' }, { timeout: 8000 });
  return sent;
};

beforeEach(resetBrowserState);

describe('NLU test page (spec pipeline §2, §5)', () => {
  it('needs at least one server before it asks the server anything', async () => {
    const user = userEvent.setup();
    const sent = await open();
    await user.type(screen.getByRole('textbox', { name: 'Text to analyse' }), text);
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(screen.getByText('An NLU test needs at least one server')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows the matches highlighted, the interactions and that the AI was starting up', async () => {
    const user = userEvent.setup();
    const sent = await open();
    await user.type(screen.getByRole('textbox', { name: 'Text to analyse' }), text);
    await user.click(screen.getByRole('checkbox', { name: 'main' }));
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(
      await screen.findByText('The AI was starting up: server “main” was started for this test.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ text, servers: ['s1'] }]);
    const marks = document.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['résilier', 'contrat']);
    expect(marks[0].getAttribute('title')).toContain('cancellation · action: cancel');
    const interactions = screen.getByRole('list', { name: 'Interactions found' });
    expect(within(interactions).getByText('cancellation')).toBeInTheDocument();
    expect(interactions).toHaveTextContent('action = résilier, object = contrat');
  });

  it('says a server’s warnings in the user’s language, by code', async () => {
    window.localStorage.setItem('locale', 'fr');
    const stoppedEarly = traceMessage('nluSearchStoppedEarly', { interaction: 'cancellation' });
    const user = userEvent.setup();
    await open(
      {
        ...answer,
        servers: [
          { ...answer.servers[0], warnings: [inEnglish(stoppedEarly)], warningMessages: [stoppedEarly] },
        ],
      },
      'Test NLU',
    );
    await user.type(screen.getByRole('textbox', { name: 'Texte à analyser' }), text);
    await user.click(screen.getByRole('checkbox', { name: 'main' }));
    await user.click(screen.getByRole('button', { name: 'Analyser' }));
    expect(
      await screen.findByText(
        'Interaction « cancellation » : la recherche s’est arrêtée avant la fin dans un bloc aux correspondances candidates trop nombreuses',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/the search stopped early/)).toBeNull();
  });
});
