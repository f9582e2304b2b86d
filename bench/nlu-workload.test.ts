import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../schemas/extractor-settings';
import { runPipeline } from '../server/pipeline/engine';
import { EMPTY_LANGUAGE_CONFIG, type PipelineConfig } from '../server/pipeline/stage';
import { loadRuleset, parseExpression, referenceCategories, workloadConfig } from './nlu-workload';
import { benchEmails } from './pipeline';

describe('the NLU benchmark workload', () => {
  it('reads the combinations as criteria trees', () => {
    expect(parseExpression('A & (B | RE_07) & !C')).toEqual({
      type: 'all',
      children: [
        { type: 'interaction', name: 'A' },
        {
          type: 'any',
          children: [
            { type: 'interaction', name: 'B' },
            { type: 'interaction', name: 'RE_07' },
          ],
        },
        { type: 'not', children: [{ type: 'interaction', name: 'C' }] },
      ],
    });
  });

  it('categorises its messages exactly as the plain reference evaluation does', async () => {
    const ruleset = loadRuleset();
    const config: PipelineConfig = {
      extractor: structuredClone(DEFAULT_EXTRACTOR_SETTINGS),
      languages: ['gb'],
      ...EMPTY_LANGUAGE_CONFIG,
      ...workloadConfig(ruleset),
    };
    const services = { ocr: { recognize: () => Promise.reject(new Error('no OCR')) }, speech: null };
    let categorised = 0;
    const reach = new Map<string, Set<string>>();
    for (const f of benchEmails(30)) {
      const result = await runPipeline(
        'b',
        { kind: 'file', name: f.filename, filename: f.filename, bytes: f.bytes, metadata: {} },
        config,
        services,
        new AbortController().signal,
      );
      const message = result.extraction!.message!;
      const expected = referenceCategories(ruleset, message.subject ?? '', message.text, reach);
      const got = result.categories.map((c) => c.name).filter((n) => n !== 'NO_CATEGORY');
      expect(got.sort(), f.filename).toEqual(expected.sort());
      categorised += got.length > 0 ? 1 : 0;
    }
    expect(categorised).toBeGreaterThan(20);
  }, 120_000);
});
