import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { inEnglish, traceList, traceMessage } from '../../../../schemas/trace-messages';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';

beforeEach(resetBrowserState);

const templates = [
  { id: 't1', name: 'reply', isDefault: true, llm: false, body: "Bonjour,\n{% include 'signature' %}" },
  { id: 't2', name: 'signature', isDefault: false, llm: false, body: '-- {{ agent }}' },
];

describe('reply templates page (spec pipeline §2: templates, includes, tests, documentation, errors)', () => {
  it('shows the includes, drafts a reply with the default template, lists the errors of analyses', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const routes: Record<string, FakeRoute> = {
      ...environmentRoutes('configurator'),
      [`GET ${API}/reply-templates`]: () =>
        new Response(JSON.stringify(templates), {
          headers: { 'content-type': 'application/json', 'content-range': 'reply-templates 0-1/2' },
        }),
      [`POST ${API}/reply-test`]: (request) => {
        sent.push(request.body);
        return json({ text: 'Bonjour,\n-- Léa', categories: ['Claim'] });
      },
      [`GET ${API}/reply-errors`]: json([
        {
          analysisId: 'a1',
          analysisName: 'claim.eml',
          at: '2026-11-20T10:00:00.000Z',
          message: "The reply template failed: Template 'reply', line 2: Unknown filter 'shout'",
        },
      ]),
    };
    renderConsole(`${ENV_PATH}/reply-templates`, routes);
    await screen.findByRole('heading', { name: 'Reply templates', level: 1 }, { timeout: 8000 });

    await user.click(screen.getByRole('tab', { name: 'Includes' }));
    const includes = await screen.findByRole('table', { name: 'Includes' });
    const [, replyRow, signatureRow] = within(includes).getAllByRole('row');
    expect(replyRow).toHaveTextContent(/^replyDefault templatesignatureNone$/);
    expect(signatureRow).toHaveTextContent(/^signatureNonereply$/);

    await user.click(screen.getByRole('tab', { name: 'Tests' }));
    expect(await screen.findByRole('combobox', { name: 'Template to test' })).toHaveTextContent('reply');
    await user.type(screen.getByRole('textbox', { name: 'Message text' }), 'Mon sinistre');
    await user.click(screen.getByRole('button', { name: 'Draft the reply' }));
    expect(await screen.findByRole('region', { name: 'Drafted reply' })).toHaveTextContent('Bonjour, -- Léa');
    expect(screen.getByText('Categories of the analysis: Claim')).toBeInTheDocument();
    expect(sent).toEqual([{ template: 'reply', subject: '', text: 'Mon sinistre' }]);

    await user.click(screen.getByRole('tab', { name: 'Errors' }));
    const errors = await screen.findByRole('table', { name: 'Errors' });
    expect(within(errors).getByRole('link', { name: 'claim.eml' })).toHaveAttribute(
      'href',
      `${ENV_PATH}/analyses/a1`,
    );
    expect(errors).toHaveTextContent("line 2: Unknown filter 'shout'");

    await user.click(screen.getByRole('tab', { name: 'Documentation' }));
    expect(
      await screen.findByRole('heading', { name: 'What a template can read', level: 3 }),
    ).toBeInTheDocument();
  });

  it('says the errors of analyses in French where the server gave their code', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    const timeout = traceMessage('endpointTimeout', {
      endpoint: traceList([traceMessage('endpointLlm')]),
      seconds: 60,
    });
    renderConsole(`${ENV_PATH}/reply-templates`, {
      ...environmentRoutes('configurator'),
      [`GET ${API}/reply-templates`]: () =>
        new Response(JSON.stringify(templates), {
          headers: { 'content-type': 'application/json', 'content-range': 'reply-templates 0-1/2' },
        }),
      [`GET ${API}/reply-errors`]: json([
        {
          analysisId: 'a1',
          analysisName: 'claim.eml',
          at: '2026-11-20T10:00:00.000Z',
          message: inEnglish(timeout),
          trace: timeout,
        },
        // Stored before the codes: its English words are all there is.
        { analysisId: 'a2', analysisName: 'old.eml', at: '2026-11-19T10:00:00.000Z', message: 'Old words' },
      ]),
    });
    await screen.findByRole('heading', { name: 'Modèles de réponse', level: 1 }, { timeout: 8000 });
    await user.click(screen.getByRole('tab', { name: 'Erreurs' }));
    const errors = await screen.findByRole('table', { name: 'Erreurs' });
    expect(errors).toHaveTextContent('Le point d’accès LLM n’a pas répondu dans le délai de 60 s');
    expect(errors).toHaveTextContent('Old words');
    expect(errors).not.toHaveTextContent('did not answer');
  });
});
