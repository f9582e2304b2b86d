import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { typeCode } from '../../../test/codeEditor';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';

const ENV = '/v4/console/api/projects/p1/environments/e1';
const environment = { id: 'e1', projectId: 'p1', name: 'Production', languages: ['fr'] };

beforeEach(resetBrowserState);

describe('advanced categorisation (spec pipeline §2, §5: Twig, errors with their line, a test)', () => {
  /** The environment's routes: a PUT refused with the error of an `if` never closed, else saved. */
  const advancedRoutes = (saved: unknown[], tested: unknown[]): Record<string, FakeRoute> => ({
    ...environmentRoutes('configurator'),
    [`GET ${ENV}`]: json(environment),
    [`PUT ${ENV}`]: (request) => {
      saved.push(request.body);
      const body = request.body as { categorisationTemplate: string };
      return body.categorisationTemplate.includes('{% if')
        ? json(
            {
              code: 'VALIDATION_FAILED',
              message: "categorisationTemplate: Line 2: The 'if' tag is never closed (endif)",
              details: [
                {
                  path: 'categorisationTemplate',
                  message: "Line 2: The 'if' tag is never closed (endif)",
                  code: 'templateSyntax',
                  params: { line: 2, detail: "The 'if' tag is never closed (endif)" },
                },
              ],
            },
            400,
          )
        : json({ ...environment, ...body });
    },
    [`POST ${API}/categorisation-test`]: (request) => {
      tested.push(request.body);
      return json({ ruleCategories: ['NO_CATEGORY'], categories: ['Urgent'], warnings: [] });
    },
  });

  /** Opens the panel, switches the template on, and answers its editor. */
  const openTemplate = async (
    user: ReturnType<typeof userEvent.setup>,
    routes: Record<string, FakeRoute>,
  ) => {
    renderConsole(`${ENV_PATH}/configuration?section=advanced-categorisation`, routes);
    const on = await screen.findByRole(
      'switch',
      { name: /Categorise with the template/ },
      { timeout: 20_000 },
    );
    expect(on).not.toBeChecked();
    await user.click(on);
    return screen.findByRole('textbox', { name: 'Template (Twig)' });
  };

  it('shows the server’s error at its line in the code editor', async () => {
    const user = userEvent.setup({ delay: null });
    const template = await openTemplate(user, advancedRoutes([], []));
    // A code editor (docs/decisions/console-code-editors.md): typed into, and the server's error
    // drawn at its line.
    await typeCode(user, template, 'Rien{Enter}{{% if x %}Urgent');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Line 2: The 'if' tag is never closed \(endif\)/)).toBeInTheDocument();
    const lines = template.querySelectorAll('.cm-line');
    await waitFor(() => expect(lines[1].querySelector('.cm-lintRange-error')).not.toBeNull());
    expect(lines[0].querySelector('.cm-lintRange-error')).toBeNull();
    expect(template).toHaveAccessibleDescription(/Line 2: The 'if' tag is never closed/);
  });

  it('says the server’s error in French, at its line, the engine’s words only as a technical detail', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup({ delay: null });
    renderConsole(`${ENV_PATH}/configuration?section=advanced-categorisation`, advancedRoutes([], []));
    await user.click(
      await screen.findByRole('switch', { name: /Catégoriser avec le modèle/ }, { timeout: 20_000 }),
    );
    const template = await screen.findByRole('textbox', { name: 'Modèle (Twig)' });
    await typeCode(user, template, 'Rien{Enter}{{% if x %}Urgent');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const said =
      "Ligne 2 : le modèle n’est pas un Twig valide (détail technique : The 'if' tag is never closed (endif))";
    expect(await screen.findByText(said)).toBeInTheDocument();
    const lines = template.querySelectorAll('.cm-line');
    await waitFor(() => expect(lines[1].querySelector('.cm-lintRange-error')).not.toBeNull());
  });

  it('says the test’s warnings and its failure in French, by code, the engine’s words only as a detail', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup({ delay: null });
    const reason = 'The advanced categorisation failed at line 1: Unknown filter shout';
    let calls = 0;
    renderConsole(`${ENV_PATH}/configuration?section=advanced-categorisation`, {
      ...advancedRoutes([], []),
      [`POST ${API}/categorisation-test`]: () =>
        ++calls === 1
          ? json({
              ruleCategories: ['NO_CATEGORY'],
              categories: ['Urgent'],
              warnings: [
                "The advanced categorisation wrote 'Invented', which is not a message category of this environment",
              ],
              warningMessages: [{ code: 'advancedCategoryUnknown', params: { name: 'Invented' } }],
            })
          : json(
              {
                code: 'CATEGORISATION_TEST_FAILED',
                message: reason,
                params: {
                  reason,
                  trace: {
                    code: 'advancedCategorisationFailed',
                    params: { line: 1, detail: 'Unknown filter shout' },
                  },
                },
              },
              422,
            ),
    });
    await user.click(
      await screen.findByRole('switch', { name: /Catégoriser avec le modèle/ }, { timeout: 20_000 }),
    );
    await typeCode(user, await screen.findByRole('textbox', { name: 'Modèle (Twig)' }), 'Urgent');
    await user.click(screen.getByRole('textbox', { name: 'Texte à catégoriser' }));
    await user.paste('Où est mon colis ?');
    await user.click(screen.getByRole('button', { name: 'Tester' }));
    expect(
      await screen.findByText(
        'La catégorisation avancée a écrit « Invented », qui n’est pas une catégorie de message de cet environnement',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tester' }));
    expect(
      await screen.findByText(
        'Le test de catégorisation a échoué : La catégorisation avancée a échoué à la ligne 1 (détail technique : Unknown filter shout)',
      ),
    ).toBeInTheDocument();
  });

  it('saves the template, and tests it on a text', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: unknown[] = [];
    const tested: unknown[] = [];
    const template = await openTemplate(user, advancedRoutes(saved, tested));
    await typeCode(user, template, 'Urgent');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Advanced categorisation saved')).toBeInTheDocument();
    expect(saved.at(-1)).toMatchObject({ advancedCategorisation: true, categorisationTemplate: 'Urgent' });

    await user.click(screen.getByRole('textbox', { name: 'Text to categorise' }));
    await user.paste('Où est mon colis ?');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('By the template: Urgent')).toBeInTheDocument();
    expect(screen.getByText('By the rules: NO_CATEGORY')).toBeInTheDocument();
    expect(tested).toEqual([{ template: 'Urgent', text: 'Où est mon colis ?' }]);
  });

  it('asks before leaving with an edit not saved, and leaves it unsaved when told to (spec §4)', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    renderConsole(`${ENV_PATH}/configuration?section=advanced-categorisation`, {
      ...environmentRoutes('configurator'),
      [`GET ${ENV}`]: json(environment),
      [`PUT ${ENV}`]: (request) => {
        saved.push(request.body);
        return json({ ...environment, ...(request.body as object) });
      },
    });
    await user.click(
      await screen.findByRole('switch', { name: /Categorise with the template/ }, { timeout: 20_000 }),
    );
    await user.click(
      within(screen.getByRole('navigation', { name: 'Configuration elements' })).getByRole('button', {
        name: 'Languages',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('checkbox', { name: 'French' })).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
