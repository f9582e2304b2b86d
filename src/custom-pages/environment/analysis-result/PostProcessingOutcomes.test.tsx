import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes, makeAnalysis, makeResult } from '../analyses/testing';

beforeEach(resetBrowserState);

describe('post-processing on the analysis result page (docs/nlu.md "Post-processing")', () => {
  it('shows the analysis’s taints and each rule’s outcome, with why one failed', async () => {
    window.localStorage.setItem('locale', 'fr');
    renderConsole(`${ENV_PATH}/analyses/a1?tab=categories`, {
      ...environmentRoutes('qualifier'),
      [`GET ${API}/analyses/a1/result`]: json({
        analysis: makeAnalysis(),
        result: {
          ...makeResult(),
          taints: ['escalate'],
          postProcessing: [
            { rule: 'complaint', action: 'addTaint', target: 'escalate', outcome: 'applied' },
            { rule: 'never', action: 'removeCategory', target: 'Letter', outcome: 'notApplied' },
            {
              rule: 'urgent',
              action: 'addCategory',
              target: 'Urgent',
              outcome: 'failed',
              error: "The message category 'Urgent' does not exist any more",
              errorCode: 'categoryGone',
            },
            {
              rule: 'total',
              action: 'setData',
              target: 'total',
              outcome: 'failed',
              error: "Template 'value', line 1: Unknown filter 'shout'",
              errorCode: 'templateFailed',
              templateError: { template: 'value', line: 1, detail: "Unknown filter 'shout'" },
            },
          ],
        },
        exchangeLabels: null,
      }),
    });
    const section = await screen.findByRole('region', { name: 'Post-traitement' });
    expect(section).toHaveTextContent('Marqueurs :escalate');
    const [applied, notApplied, failed, valueFailed] = within(section).getAllByRole('listitem');
    expect(applied).toHaveTextContent('complaint — Ajouter un marqueur « escalate » appliquée');
    expect(notApplied).toHaveTextContent(
      'never — Retirer une catégorie du message « Letter » condition fausse',
    );
    expect(failed).toHaveTextContent(
      'urgent — Ajouter une catégorie du message « Urgent » en échec La catégorie de message « Urgent » n’existe plus.',
    );
    // A template's failure in French, the engine's words only as a technical detail.
    expect(valueFailed).toHaveTextContent(
      "total — Écrire une donnée extraite « total » en échec Sa valeur n’a pas pu être calculée, ligne 1 (détail technique : Unknown filter 'shout').",
    );
  });
});
