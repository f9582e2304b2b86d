import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeRoute } from '../../test/fakeApi';
import { json } from '../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../test/renderConsole';
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
});
