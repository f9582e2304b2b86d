import { describe, expect, it } from 'vitest';
import { joinPages } from '../../../schemas/analysis-result';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../../../schemas/extractor-settings';
import { inEnglish, type TraceMessage } from '../../../schemas/trace-messages';
import type { PipelineServices } from '../stage';
import { extract } from './extract';

/** docs/security.md, 'Large inputs': of all the text, the pipeline reads the first `maxCharacters`. */
const settings = structuredClone(DEFAULT_EXTRACTOR_SETTINGS);
const services: PipelineServices = {
  ocr: { recognize: () => Promise.reject(new Error('no OCR here')) },
  speech: null,
};
const signal = new AbortController().signal;
const read = (input: Parameters<typeof extract>[0], maxCharacters: number) =>
  extract(input, settings, services, signal, { maxCharacters });
const cut = (max: number, left: number): TraceMessage => ({ code: 'warnTextCut', params: { max, left } });

describe('the characters the pipeline reads', () => {
  it('keeps the first ones of a longer text, its blocks within them, and says how many were left out', async () => {
    const text = 'mot '.repeat(5000);
    const { extraction, warnings } = await read({ kind: 'text', text }, 12_000);
    expect(extraction.pages.map((p) => p.text)).toEqual([text.slice(0, 12_000)]);
    expect(Math.max(...extraction.blocks.map((b) => b.end))).toBe(12_000);
    expect(warnings).toEqual([cut(12_000, 8000)]);
    expect(inEnglish(warnings[0] as TraceMessage)).toBe(
      'Only the first 12000 characters of the text were read; 8000 more were left out',
    );
  });

  it('says nothing of a text within the bound', async () => {
    const { extraction, warnings } = await read({ kind: 'text', text: 'Bonjour' }, 7);
    expect([extraction.pages[0].text, warnings]).toEqual(['Bonjour', []]);
  });

  it('counts what was cut before the text came (the worker sends a thread no more than it reads)', async () => {
    const { warnings } = await read({ kind: 'text', text: 'a'.repeat(1000), characters: 25_000 }, 1000);
    expect(warnings).toEqual([cut(1000, 24_000)]);
  });

  it("reads a message's body first, then its attachments' text, up to the bound in all", async () => {
    const body = 'Bonjour, voici la facture. '.repeat(20);
    const attachment = `<html><body><p>${'Ligne de la facture. '.repeat(40)}</p></body></html>`;
    const eml = [
      'From: client@example.com',
      'Subject: Facture',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      '--b',
      'Content-Type: text/html; charset=utf-8',
      'Content-Disposition: attachment; filename="facture.html"',
      '',
      attachment,
      '--b--',
      '',
    ].join('\r\n');
    const input = { kind: 'file' as const, filename: 'facture.eml', bytes: new TextEncoder().encode(eml) };
    const whole = (await read(input, Number.MAX_SAFE_INTEGER)).extraction;
    const bodyLength = whole.message!.text.length;
    const attached = joinPages(whole.attachments[0].pages);
    const max = bodyLength + 100;
    const { extraction, warnings } = await read(input, max);
    expect(extraction.message!.text).toBe(whole.message!.text);
    expect(joinPages(extraction.attachments[0].pages)).toBe(attached.slice(0, 100));
    expect(warnings).toEqual([cut(max, attached.length - 100)]);
    // Every block lies within what was kept of its source.
    for (const b of extraction.blocks)
      expect(b.end).toBeLessThanOrEqual(b.source === 'message' ? bodyLength : 100);
  });
});
