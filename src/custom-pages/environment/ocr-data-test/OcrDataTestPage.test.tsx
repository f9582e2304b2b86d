import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OcrDataTestAnswer } from '../../../../schemas/contracts/modules';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';
import { defaultPipeline, moduleList, moduleView } from '../modules/testing';

const withModule = [
  ...defaultPipeline.slice(0, 3),
  moduleView('ocrDataExtraction'),
  ...defaultPipeline.slice(3, 6),
];
const answer: OcrDataTestAnswer = {
  documents: [
    {
      filename: 'facture.pdf',
      attachment: null,
      pages: 2,
      ocrPages: 1,
      fields: [
        { key: 'total', value: 1236, anchor: 'Total TTC', page: 2, line: 'Total TTC : 1 236,00 €' },
        { key: 'due', value: null, anchor: null, page: null, line: null },
      ],
    },
  ],
  warnings: [],
  durationMs: 1200,
};

const open = (modules = withModule, routes: Record<string, FakeRoute> = {}) =>
  renderConsole(`${ENV_PATH}/test-ocrDataExtraction`, {
    ...environmentRoutes('configurator'),
    [`GET ${API}/modules`]: moduleList(modules),
    [`POST ${API}/ocr-data-test`]: json(answer),
    ...routes,
  });

beforeEach(resetBrowserState);

describe('OCR data extraction test page (spec pipeline §2 test-ocrDataExtraction, §8)', () => {
  it('sends to the dashboard, saying why, when the module is not in the pipeline', async () => {
    const { router } = open(defaultPipeline);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ENV_PATH}/dashboard`));
    expect(
      await screen.findByText(/The OCR data extraction is not in this environment’s pipeline/),
    ).toBeInTheDocument();
  });

  it('reads one file and shows each field with its anchor, page and line, or that it was not found', async () => {
    const user = userEvent.setup();
    const view = open();
    await user.upload(
      await screen.findByLabelText('Choose a file'),
      new File(['%PDF'], 'facture.pdf', { type: 'application/pdf' }),
    );
    const table = await screen.findByRole('table', { name: 'Fields read in facture.pdf' });
    const [, total, due] = within(table).getAllByRole('row');
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['total', '1236', 'Total TTC', '2', 'Total TTC : 1 236,00 €']);
    expect(within(due).getByText('Not found')).toBeInTheDocument();
    expect(screen.getByText('2 pages, 1 read by OCR')).toBeInTheDocument();
    const sent = view.api.sent.find((request) => request.method === 'POST');
    expect(((sent?.body as FormData).get('file') as File).name).toBe('facture.pdf');
  });

  it('says a file the extractor could not read with the parser’s reason, in French', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    open(withModule, {
      [`POST ${API}/ocr-data-test`]: json(
        { code: 'EXTRACTION_FAILED', message: 'Invalid PDF structure' },
        422,
      ),
    });
    await user.upload(
      await screen.findByLabelText('Choisir un fichier'),
      new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }),
    );
    expect(
      await screen.findByText('Le fichier n’a pas pu être lu : Invalid PDF structure'),
    ).toBeInTheDocument();
  });

  it('says in the user’s words why the test was refused', async () => {
    const user = userEvent.setup();
    open(withModule, {
      [`POST ${API}/ocr-data-test`]: json(
        { code: 'OCR_DATA_NO_FIELD', message: 'The OCR data extraction has no field to read yet' },
        409,
      ),
    });
    await user.upload(
      await screen.findByLabelText('Choose a file'),
      new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }),
    );
    expect(
      await screen.findByText(
        'The OCR data extraction has no field to read yet: declare some in its settings.',
      ),
    ).toBeInTheDocument();
  });
});
