import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { typeCode } from '../../../test/codeEditor';
import type { PostProcessingSettings } from '../../../../schemas/post-processing';
import { json, type FakeRoute } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';
import { defaultPipeline, moduleList, moduleView } from './testing';

beforeEach(resetBrowserState);

const ENV = '/v4/console/api/projects/p1/environments/e1';
const stored: PostProcessingSettings = {
  rules: [
    { name: 'big invoice', when: 'data.total > 1000', action: 'addTaint', target: 'review', value: '' },
  ],
};

/** The settings page of an active post-processing holding `settings`; `patch` answers its saves. */
const open = (settings: PostProcessingSettings, patch?: FakeRoute) => {
  const patches: unknown[] = [];
  const modules = [
    ...defaultPipeline.slice(0, 3),
    moduleView('postProcessing', true, { postProcessing: settings }),
    ...defaultPipeline.slice(3, 6),
  ];
  renderConsole(`${ENV_PATH}/modules/postProcessing`, {
    ...environmentRoutes('configurator'),
    [`GET ${API}/modules`]: moduleList(modules),
    [`GET ${API}/categories`]: json([
      { id: 'k1', name: 'Facture', kind: 'message' },
      { id: 'k2', name: 'Scan', kind: 'attachment' },
    ]),
    [`GET ${ENV}`]: json({ id: 'e1', projectId: 'p1', name: 'Production' }),
    [`PATCH ${API}/modules/postProcessing`]: (request) => {
      patches.push(request.body);
      return patch instanceof Response ? patch.clone() : moduleList(modules);
    },
  });
  return patches;
};

describe('post-processing rules (spec pipeline §3 trace "post-processing"; docs/nlu.md)', () => {
  it('adds a rule that writes a category, moves it first, shows its problems as they are typed, and saves the rules in order', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    const patches = open(stored);
    const section = await screen.findByRole('region', { name: 'Règles de post-traitement' });
    // A code editor (docs/decisions/console-code-editors.md): its text is its content, not an
    // input's value.
    expect(await within(section).findByRole('textbox', { name: 'Condition (Twig)' })).toHaveTextContent(
      'data.total > 1000',
    );

    await user.click(within(section).getByRole('button', { name: 'Ajouter une règle' }));
    const second = within(section).getByRole('group', { name: 'Règle 2' });
    expect(within(second).getByText('Donnez un nom à cette règle.')).toBeInTheDocument();
    expect(within(second).getByText('Donnez le marqueur de cette règle.')).toBeInTheDocument();
    // Pasted, not typed: each key would render every rule again.
    await user.click(within(second).getByRole('textbox', { name: 'Nom' }));
    await user.paste('big invoice');
    expect(within(second).getByText('Deux règles s’appellent « big invoice ».')).toBeInTheDocument();
    await user.type(within(second).getByRole('textbox', { name: 'Nom' }), 's');
    await user.click(within(second).getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Ajouter une catégorie du message' }));
    await user.click(within(second).getByRole('combobox', { name: 'Catégorie' }));
    // Message categories only: an attachment's is not one a message can be given.
    expect(screen.queryByRole('option', { name: 'Scan' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Facture' }));
    await user.click(within(second).getByRole('button', { name: 'Monter la règle 2' }));

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Paramètres du module enregistrés');
    expect(patches).toEqual([
      {
        name: '',
        inputType: 'all',
        postProcessing: {
          rules: [
            { name: 'big invoices', when: '', action: 'addCategory', target: 'Facture', value: '' },
            ...stored.rules,
          ],
        },
      },
    ]);
  });

  it('says a template the server could not read under its field, in the user’s words, until it is edited', async () => {
    const user = userEvent.setup();
    open(
      { rules: [{ ...stored.rules[0], when: 'data.total >' }] },
      json(
        {
          code: 'VALIDATION_FAILED',
          message: 'The module settings cannot be saved',
          details: [
            {
              path: 'postProcessing.rules.0.when',
              message: "The condition of the rule 'big invoice' cannot be read: Line 1: …",
              keyword: 'badCondition',
              params: {
                name: 'big invoice',
                reason: {
                  code: 'templateSyntax',
                  params: { line: 1, detail: 'an expression is missing after >' },
                },
              },
            },
          ],
        },
        400,
      ),
    );
    const section = await screen.findByRole('region', { name: 'Post-processing rules' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const rule = within(section).getByRole('group', { name: 'Rule 1' });
    expect(
      await within(rule).findByText(
        'The condition of the rule "big invoice" cannot be read: Line 1: an expression is missing after >',
      ),
    ).toBeInTheDocument();
    // Drawn at its line in the condition's editor too.
    const condition = await within(rule).findByRole('textbox', { name: 'Condition (Twig)' });
    await waitFor(() => expect(condition.querySelector('.cm-line .cm-lintRange-error')).not.toBeNull());
    await typeCode(user, condition, ' 10');
    expect(within(rule).queryByText(/cannot be read/)).not.toBeInTheDocument();
    expect(condition).toHaveTextContent('data.total > 10');
  });

  it('says the template’s problem in French, the engine’s words only as a technical detail', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    open(
      { rules: [{ ...stored.rules[0], when: "1 %}{% include 'x' %}{% if 1" }] },
      json(
        {
          code: 'VALIDATION_FAILED',
          message: 'The module settings cannot be saved',
          details: [
            {
              path: 'postProcessing.rules.0.when',
              message: "The condition of the rule 'big invoice' cannot be read: Line 1: …",
              keyword: 'badCondition',
              params: {
                name: 'big invoice',
                reason: { code: 'postProcessingInclude', params: { line: 1, name: 'x' } },
              },
            },
          ],
        },
        400,
      ),
    );
    const section = await screen.findByRole('region', { name: 'Règles de post-traitement' });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const rule = within(section).getByRole('group', { name: 'Règle 1' });
    expect(
      await within(rule).findByText(
        'La condition de la règle « big invoice » ne peut pas être lue : Ligne 1 : une règle ne peut pas inclure de modèle (« x »)',
      ),
    ).toBeInTheDocument();
    const condition = await within(rule).findByRole('textbox', { name: 'Condition (Twig)' });
    await waitFor(() => expect(condition.querySelector('.cm-line .cm-lintRange-error')).not.toBeNull());
  });
});
