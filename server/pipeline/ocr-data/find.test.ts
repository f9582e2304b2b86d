import { describe, expect, it } from 'vitest';
import type { OcrDataField } from '../../../schemas/ocr-data';
import { compileFields, findInDocument } from './find';

const field = (
  key: string,
  anchors: string[],
  type: OcrDataField['type'] = 'text',
  pattern = '',
): OcrDataField => ({
  key,
  anchors,
  type,
  pattern,
});
const read = (fields: OcrDataField[], ...pages: string[]) =>
  findInDocument(compileFields({ category: '', documents: [], fields }), {
    source: 0,
    filename: 'facture.pdf',
    pages: pages.map((text) => ({ text, ocr: true })),
  });

const INVOICE = [
  'FACTURE N° F-2024-0117',
  'Date d’émission : 12/03/2024',
  'Réf. client : CLI-88',
  'Montant HT      1 030,00',
  'TVA 20 %        206,00',
  'Total TTC : 1 236,00 €',
  'IBAN',
  'FR76 3000 6000 0112 3456 7890 189',
].join('\n');

describe('the OCR data extraction finds values next to their anchors', () => {
  it('reads the rest of the anchor’s line, through the type’s pattern, case and accents ignored', () => {
    const hits = read(
      [
        field('number', ['facture n°', 'invoice no']),
        field('issued', ["date d'emission", 'date d’émission'], 'date'),
        field('total', ['TOTAL TTC'], 'amount'),
        field('vat', ['tva'], 'amount'),
      ],
      INVOICE,
    );
    expect(hits.map(({ key, value, anchor, page }) => ({ key, value, anchor, page }))).toEqual([
      { key: 'number', value: 'F-2024-0117', anchor: 'facture n°', page: 1 },
      { key: 'issued', value: '12/03/2024', anchor: 'date d’émission', page: 1 },
      { key: 'total', value: 1236, anchor: 'TOTAL TTC', page: 1 },
      // "TVA 20 %": the first number after the anchor is the rate; a pattern says which one is meant.
      { key: 'vat', value: 20, anchor: 'tva', page: 1 },
    ]);
    const [vat] = read([field('vat', ['tva'], 'amount', '%\\s+(\\d[\\d,]*)')], INVOICE);
    expect(vat.value).toBe(206);
  });

  it('reads the next line when the anchor ends its line, and gives offsets in the document’s text', () => {
    const [iban] = read([field('iban', ['IBAN'], 'iban')], 'Page one', INVOICE);
    expect(iban).toMatchObject({
      value: 'FR76 3000 6000 0112 3456 7890 189',
      page: 2,
      line: 'FR76 3000 6000 0112 3456 7890 189',
    });
    const text = ['Page one', INVOICE].join('\n\n');
    expect(text.slice(iban.start, iban.end)).toBe('FR76 3000 6000 0112 3456 7890 189');
  });

  it('matches anchors on whole words only, and skips an occurrence that has no value', () => {
    const hits = read(
      [field('ref', ['ref'], 'text', 'CLI-\\d+'), field('total', ['total'], 'amount')],
      'Total\nnothing here\n\nPreferences: none\nRéf. client : CLI-88\nTotal : 42',
    );
    expect(hits.map((h) => [h.key, h.value])).toEqual([
      ['ref', 'CLI-88'],
      ['total', 42],
    ]);
  });

  it('leaves out a field whose anchor is not there, rather than guessing', () => {
    expect(read([field('due', ['échéance'], 'date')], INVOICE)).toEqual([]);
  });

  it('keeps the first group of a pattern, and refuses a pattern at risk of backtracking by naming the field', () => {
    const [hit] = read([field('client', ['réf. client'], 'text', 'CLI-(\\d+)')], INVOICE);
    expect(hit.value).toBe('88');
    const refused = () =>
      compileFields({ category: '', documents: [], fields: [field('bad', ['x'], 'text', '(a+)+$')] });
    expect(refused).toThrow(/The pattern of the field 'bad' cannot be used/);
    expect(refused).toThrow(
      expect.objectContaining({
        trace: { code: 'ocrDataPatternRefused', params: { key: 'bad', detail: expect.any(String) } },
      }),
    );
  });

  it('finds nothing, and invents nothing, on a page of one anchor repeated on every line with no value', () => {
    const page = 'Total\n'.repeat(50_000);
    expect(read([field('total', ['total'], 'amount')], page)).toEqual([]);
  });
});
