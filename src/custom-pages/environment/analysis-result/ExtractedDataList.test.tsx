import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ExtractedDatum } from '../../../../schemas/analysis-result';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes, makeAnalysis, makeResult } from '../analyses/testing';

beforeEach(resetBrowserState);

const byOcr: ExtractedDatum = {
  name: 'total',
  value: 1236,
  source: "OCR data extraction, anchor 'Total TTC' in facture.pdf",
  span: { source: 0, start: 120, end: 128 },
  ocr: { document: 'facture.pdf', anchor: 'Total TTC', page: 2, line: 'Total TTC : 1 236,00 €' },
};
const byNlu: ExtractedDatum = {
  name: 'claim',
  value: 'C-42',
  source: 'interaction claim, parameter number',
  span: null,
};

describe('extracted data on the analysis result page (spec pipeline §3 "OCR data extraction")', () => {
  it('says where the OCR data extraction read a value: its document, page and label, the line on hover', async () => {
    window.localStorage.setItem('locale', 'fr');
    renderConsole(`${ENV_PATH}/analyses/a1?tab=categories`, {
      ...environmentRoutes('qualifier'),
      [`GET ${API}/analyses/a1/result`]: json({
        analysis: makeAnalysis(),
        result: { ...makeResult(), extractedData: [byOcr, byNlu] },
        exchangeLabels: null,
      }),
    });
    const [ocr, nlu] = within(await screen.findByRole('list', { name: 'Données extraites' })).getAllByRole(
      'listitem',
    );
    expect(ocr).toHaveTextContent(
      'total: 1236 (extraction de données OCR : facture.pdf, page 2, après « Total TTC »)',
    );
    expect(within(ocr).getByTitle('Total TTC : 1 236,00 €')).toBeInTheDocument();
    expect(nlu).toHaveTextContent('claim: C-42 (interaction claim, parameter number)');
  });
});
