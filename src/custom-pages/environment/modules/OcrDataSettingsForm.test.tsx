import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearCode, typeCode } from '../../../test/codeEditor';
import type { OcrDataSettings } from '../../../../schemas/ocr-data';
import { json, type FakeRoute } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';
import { defaultPipeline, moduleList, moduleView } from './testing';

beforeEach(resetBrowserState);

const ENV = '/v4/console/api/projects/p1/environments/e1';
const stored: OcrDataSettings = {
  category: 'Facture',
  documents: ['facture*.pdf'],
  fields: [{ key: 'total', anchors: ['Total TTC'], pattern: '', type: 'amount' }],
};

/** The settings page of an active OCR data extraction holding `ocrData`; `patch` answers its saves. */
const open = (ocrData: OcrDataSettings, patch?: FakeRoute) => {
  const patches: unknown[] = [];
  const modules = [
    ...defaultPipeline.slice(0, 3),
    moduleView('ocrDataExtraction', true, { ocrData }),
    ...defaultPipeline.slice(3, 6),
  ];
  renderConsole(`${ENV_PATH}/modules/ocrDataExtraction`, {
    ...environmentRoutes('configurator'),
    [`GET ${API}/modules`]: moduleList(modules),
    [`GET ${API}/categories`]: json([
      { id: 'k1', name: 'Facture', kind: 'attachment' },
      { id: 'k2', name: 'Réclamation', kind: 'message' },
    ]),
    [`GET ${ENV}`]: json({ id: 'e1', projectId: 'p1', name: 'Production' }),
    [`PATCH ${API}/modules/ocrDataExtraction`]: (request) => {
      patches.push(request.body);
      return patch instanceof Response ? patch.clone() : moduleList(modules);
    },
  });
  return patches;
};

describe('OCR data extraction settings (spec pipeline §3 "OCR data extraction: category, documents, fields")', () => {
  it('shows its problems in French as they are typed, on their fields, and a category that no longer exists', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    open({ ...stored, category: 'Devis' });
    const section = await screen.findByRole('region', { name: 'Ce que lit l’extraction de données OCR' });
    expect(within(section).getByRole('combobox', { name: 'Catégorie des documents lus' })).toHaveTextContent(
      'Devis',
    );
    expect(
      await within(section).findByText('Il n’y a pas de catégorie « Devis » dans cet environnement.'),
    ).toBeInTheDocument();
    expect(within(section).getByText('facture*.pdf')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Ajouter un champ' }));
    const second = within(section).getByRole('group', { name: 'Champ 2' });
    expect(within(second).getByText('Donnez une clé à ce champ.')).toBeInTheDocument();
    expect(within(second).getByText('Ce champ a besoin d’au moins un libellé.')).toBeInTheDocument();
    await user.type(within(second).getByRole('textbox', { name: 'Clé' }), 'total');
    expect(within(second).getByText('La clé « total » est déclarée deux fois.')).toBeInTheDocument();
    expect(
      within(second).getByText('Le champ « total » a besoin d’au moins un libellé.'),
    ).toBeInTheDocument();
    // A code editor closes the brackets it opens: an unmatched closing one is what cannot compile.
    await typeCode(user, await within(second).findByRole('textbox', { name: 'Motif (facultatif)' }), 'FR)');
    // Its reason in French too, the browser's own words only as a technical detail.
    expect(
      within(second).getByText(
        /^Le motif du champ « total » ne peut pas être utilisé : « FR\) » est refusée : ce n’est pas une expression régulière valide \(détail technique : .+\)\.$/,
      ),
    ).toBeInTheDocument();
  });

  it('sends the category, documents and fields as they are edited, and links to the test page', async () => {
    const user = userEvent.setup();
    const patches = open(stored);
    const section = await screen.findByRole('region', { name: 'What the OCR data extraction reads' });
    await user.type(within(section).getByRole('combobox', { name: 'File names' }), '*.tif{Enter}');
    await user.click(within(section).getByRole('button', { name: 'Add a field' }));
    const second = within(section).getByRole('group', { name: 'Field 2' });
    await user.type(within(second).getByRole('textbox', { name: 'Key' }), 'iban');
    await user.type(within(second).getByRole('combobox', { name: 'Labels' }), 'IBAN{Enter}');
    await user.click(within(second).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'IBAN' }));
    expect(within(section).queryByText(/declared twice|needs at least one label/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/saved/i);
    expect(patches).toEqual([
      {
        name: '',
        inputType: 'all',
        ocrData: {
          ...stored,
          documents: ['facture*.pdf', '*.tif'],
          fields: [...stored.fields, { key: 'iban', anchors: ['IBAN'], pattern: '', type: 'iban' }],
        },
      },
    ]);
    expect(screen.getByRole('link', { name: 'Test on a file' })).toHaveAttribute(
      'href',
      `${ENV_PATH}/test-ocrDataExtraction`,
    );
  });

  it('says a refused save under its field in the user’s words, by the problem’s code, until the value changes', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    const serverWords = "The pattern of the field 'total' cannot be used: it may backtrack catastrophically";
    open(
      { ...stored, fields: [{ ...stored.fields[0], pattern: '(a+)+$' }] },
      json(
        {
          code: 'VALIDATION_FAILED',
          message: 'The module settings cannot be saved',
          details: [{ path: 'ocrData.fields.0.pattern', message: serverWords, keyword: 'badPattern' }],
        },
        400,
      ),
    );
    const section = await screen.findByRole('region', { name: 'Ce que lit l’extraction de données OCR' });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const field = within(section).getByRole('group', { name: 'Champ 1' });
    expect(
      await within(field).findByText(/Le serveur refuse le motif du champ « total »/),
    ).toBeInTheDocument();
    expect(screen.queryByText(serverWords)).not.toBeInTheDocument();
    await clearCode(user, await within(field).findByRole('textbox', { name: 'Motif (facultatif)' }));
    expect(within(field).queryByText(/Le serveur refuse/)).not.toBeInTheDocument();
  });
});
