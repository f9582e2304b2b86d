import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OcrDataSettings } from '../../../schemas/ocr-data';
import { json } from '../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';
import { defaultPipeline, moduleList, moduleView } from './testing';

beforeEach(resetBrowserState);

const ENV = '/v4/console/api/projects/p1/environments/e1';
const stored: OcrDataSettings = {
  category: 'Facture',
  documents: ['facture*.pdf'],
  fields: [{ key: 'total', anchors: ['Total TTC'], pattern: '', type: 'amount' }],
};

const open = (path: string, modules = defaultPipeline) => {
  const patches: unknown[] = [];
  const view = renderConsole(path, {
    ...environmentRoutes('configurator'),
    [`GET ${API}/modules`]: moduleList(modules, undefined, { workflow: { configured: false } }),
    [`GET ${API}/categories`]: json([
      { id: 'k1', name: 'Facture', kind: 'attachment' },
      { id: 'k2', name: 'Réclamation', kind: 'message' },
    ]),
    [`GET ${ENV}`]: json({ id: 'e1', projectId: 'p1', name: 'Production' }),
    [`PATCH ${API}/modules/ocrDataExtraction`]: (request) => {
      patches.push(request.body);
      return moduleList(modules);
    },
    [`PATCH ${API}/modules/consolidation`]: (request) => {
      patches.push(request.body);
      return moduleList(modules);
    },
  });
  return { patches, view };
};

describe('OCR data extraction settings (spec pipeline §3 "OCR data extraction: category, documents, fields")', () => {
  it('shows its problems in French as they are typed, and saves the category, documents and fields', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    const pipeline = [
      ...defaultPipeline.slice(0, 3),
      moduleView('ocrDataExtraction', true, { ocrData: stored }),
      ...defaultPipeline.slice(3, 6),
    ];
    const { patches } = open(`${ENV_PATH}/modules/ocrDataExtraction`, pipeline);
    const section = await screen.findByRole('region', { name: 'Ce que lit l’extraction de données OCR' });
    expect(within(section).getByRole('combobox', { name: 'Catégorie des documents lus' })).toHaveTextContent(
      'Facture',
    );
    expect(within(section).getByText('facture*.pdf')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Ajouter un champ' }));
    const second = within(section).getByRole('group', { name: 'Champ 2' });
    await user.type(within(second).getByRole('textbox', { name: 'Clé' }), 'total');
    expect(await within(second).findByText('La clé « total » est déclarée deux fois.')).toBeInTheDocument();
    expect(
      within(second).getByText('Le champ « total » a besoin d’au moins un libellé.'),
    ).toBeInTheDocument();
    await user.clear(within(second).getByRole('textbox', { name: 'Clé' }));
    await user.type(within(second).getByRole('textbox', { name: 'Clé' }), 'iban');
    await user.type(within(second).getByRole('combobox', { name: 'Libellés' }), 'IBAN{Enter}');
    await user.type(within(second).getByRole('textbox', { name: 'Motif (facultatif)' }), 'FR(');
    expect(
      await within(second).findByText(/Le motif du champ « iban » ne peut pas être utilisé/),
    ).toBeInTheDocument();
    await user.clear(within(second).getByRole('textbox', { name: 'Motif (facultatif)' }));
    await user.click(within(second).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'IBAN' }));

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText(/enregistr/i);
    expect(patches).toEqual([
      {
        name: '',
        inputType: 'all',
        ocrData: {
          ...stored,
          fields: [...stored.fields, { key: 'iban', anchors: ['IBAN'], pattern: '', type: 'iban' }],
        },
      },
    ]);
    expect(screen.getByRole('link', { name: 'Tester sur un fichier' })).toHaveAttribute(
      'href',
      `${ENV_PATH}/test-ocrDataExtraction`,
    );
  });

  it('names the consolidation’s workflow, refuses an id that is not one, and warns without a workflow engine', async () => {
    const user = userEvent.setup();
    const pipeline = [
      ...defaultPipeline.slice(0, 5),
      moduleView('consolidation', true, { consolidation: { workflowId: '' } }),
      defaultPipeline[5],
    ];
    const { patches } = open(`${ENV_PATH}/modules/consolidation`, pipeline);
    const section = await screen.findByRole('region', { name: 'Consolidation workflow' });
    expect(
      within(section).getByText(/No workflow engine is configured on this deployment/),
    ).toBeInTheDocument();
    const id = within(section).getByRole('textbox', { name: 'Workflow id' });
    await user.type(id, 'crm/case');
    expect(
      within(section).getByText('"crm/case" is not a workflow id: letters, digits, - and _ (128 at most).'),
    ).toBeInTheDocument();
    await user.clear(id);
    await user.type(id, 'crm-case');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/saved/i);
    expect(patches).toEqual([{ name: '', inputType: 'all', consolidation: { workflowId: 'crm-case' } }]);
  });
});
