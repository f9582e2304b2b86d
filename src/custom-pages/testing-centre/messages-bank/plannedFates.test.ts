import { describe, expect, it } from 'vitest';
import { BANK_IMPORT_MAX_FILES } from '../../../../schemas/contracts/testing';
import { plannedFates } from './useBankImport';

const translate = (key: string, options?: Record<string, unknown>) =>
  `${key}${options ? JSON.stringify(options) : ''}`;
const file = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name);

describe('plannedFates', () => {
  it('imports the accepted files and marks the refused extension and the files past the count as over the limits', () => {
    const files = [
      file('a.eml'),
      file('virus.exe'),
      ...Array.from({ length: BANK_IMPORT_MAX_FILES }, (_, i) => file(`m${i}.eml`)),
    ];
    const fates = plannedFates(files, translate);
    expect(fates[0]).toEqual({ state: 'waiting' });
    expect(fates[1]).toEqual({
      state: 'limit',
      reason: expect.stringContaining('app.analyses.upload.extension'),
    });
    // The count holds the files in their order: the refused one counts too, the last one is past it.
    expect(fates.filter((f) => f.state === 'waiting')).toHaveLength(BANK_IMPORT_MAX_FILES - 1);
    expect(fates.at(-1)).toEqual({
      state: 'limit',
      reason: expect.stringContaining('app.testing.import.tooMany'),
    });
  });
});
